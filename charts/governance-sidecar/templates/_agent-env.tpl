{{/*
Environment for the AGENT's container, pointing its tool calls at the sidecar, as list items of
its `env:`:
- always GOVERNANCE_SIDECAR_URL (http://127.0.0.1:<port>), for base URLs such as
  `$(GOVERNANCE_SIDECAR_URL)/kb` (Kubernetes expands $(VAR) from earlier entries);
- agentEnv.mode forwardProxy adds HTTP_PROXY/http_proxy (plain-HTTP tool calls go through the
  sidecar, matched to routes by host), NO_PROXY/no_proxy (loopback plus agentEnv.noProxy) and
  NODE_USE_ENV_PROXY=1 (Node's fetch honours the proxy variables only with it).
HTTPS_PROXY is never set: HTTPS through the sidecar is a CONNECT tunnel it cannot govern, refused
unless gateway.yaml's connect.allow names the host.
  env:
    {{- include "governance-sidecar.agentEnv" $sidecar | nindent 4 }}
    - name: KB_BASE_URL
      value: $(GOVERNANCE_SIDECAR_URL)/kb
*/}}
{{- define "governance-sidecar.agentEnv" -}}
{{- $v := include "governance-sidecar.values" . | fromYaml -}}
{{- include "governance-sidecar.agentEnvFor" (dict "v" $v "mode" $v.agentEnv.mode) -}}
{{- end -}}

{{- define "governance-sidecar.agentEnvFor" -}}
{{- $url := printf "http://127.0.0.1:%d" (.v.port | int) -}}
- name: GOVERNANCE_SIDECAR_URL
  value: {{ $url | quote }}
{{- if eq .mode "forwardProxy" }}
{{- $noProxy := concat (list "localhost" "127.0.0.1" "::1") .v.agentEnv.noProxy | uniq | join "," }}
- name: HTTP_PROXY
  value: {{ $url | quote }}
- name: http_proxy
  value: {{ $url | quote }}
- name: NO_PROXY
  value: {{ $noProxy | quote }}
- name: no_proxy
  value: {{ $noProxy | quote }}
- name: NODE_USE_ENV_PROXY
  value: "1"
{{- end }}
{{- end -}}
