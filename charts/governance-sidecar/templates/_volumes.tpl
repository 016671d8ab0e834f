{{/*
The sidecar's volumes, as list items of the pod's `volumes:`. Names start with
`governance-sidecar-` so they never clash with the agent's own.
- config: gateway.yaml (this sidecar's routes) and rate_limits.yaml, hot-reloaded;
- policies: the policy bundle, hot-reloaded, the whole ConfigMap (no items list). Its keys cannot
  hold `/`, so a bundle file `catalog/x.yaml` is the key `catalog__x.yaml` (the governance-gateway
  chart's convention), a flat name the gateway reads as that file: a key added to the ConfigMap
  is mounted and loaded without a change here;
- data: the SQLite ledger when there is no database, the API key store, a generated checkpoint key;
- tmp: /tmp on a read-only root filesystem.
*/}}
{{- define "governance-sidecar.volumes" -}}
{{- $v := include "governance-sidecar.values" . | fromYaml -}}
- name: governance-sidecar-config
  configMap:
    name: {{ include "governance-sidecar.configMapName" . | quote }}
- name: governance-sidecar-policies
  configMap:
    name: {{ include "governance-sidecar.policiesConfigMapName" . | quote }}
- name: governance-sidecar-data
  emptyDir:
    sizeLimit: {{ $v.dataVolume.sizeLimit | quote }}
- name: governance-sidecar-tmp
  emptyDir:
    sizeLimit: {{ $v.tmpSizeLimit | quote }}
{{- end -}}

{{/* The ConfigMap the config volume mounts: config.existingConfigMap, else the one governance-sidecar.configMap renders. */}}
{{- define "governance-sidecar.configMapName" -}}
{{- $v := include "governance-sidecar.values" . | fromYaml -}}
{{- if $v.config.existingConfigMap -}}
{{- $v.config.existingConfigMap -}}
{{- else -}}
{{- printf "%s-governance-sidecar" .context.Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* The ConfigMap the policies volume mounts: policies.existingConfigMap, else the one governance-sidecar.configMap renders from policies.bundle. */}}
{{- define "governance-sidecar.policiesConfigMapName" -}}
{{- $v := include "governance-sidecar.values" . | fromYaml -}}
{{- if $v.policies.existingConfigMap -}}
{{- $v.policies.existingConfigMap -}}
{{- else -}}
{{- printf "%s-governance-sidecar-policies" .context.Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/*
A ConfigMap with this sidecar's gateway.yaml (config.gatewayYaml) and, when given,
rate_limits.yaml (config.rateLimitsYaml). Renders nothing when config.existingConfigMap is set. With policies.bundle, a second ConfigMap
holds the bundle under flat keys (catalog/x.yaml as catalog__x.yaml, which the gateway reads as
that file), values as JSON strings so every byte survives.
Put it in a template file of its own:  {{ include "governance-sidecar.configMap" $sidecar }}
*/}}
{{- define "governance-sidecar.configMap" -}}
{{- $v := include "governance-sidecar.values" . | fromYaml -}}
{{- if not $v.config.existingConfigMap -}}
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "governance-sidecar.configMapName" . | quote }}
  namespace: {{ .context.Release.Namespace | quote }}
  labels:
    app.kubernetes.io/component: governance-sidecar
    app.kubernetes.io/instance: {{ .context.Release.Name | quote }}
    app.kubernetes.io/managed-by: {{ .context.Release.Service | quote }}
data:
  gateway.yaml: |
    {{- toYaml $v.config.gatewayYaml | nindent 4 }}
  {{- with $v.config.rateLimitsYaml }}
  rate_limits.yaml: |
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}
{{- if and $v.policies.bundle (not $v.policies.existingConfigMap) }}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "governance-sidecar.policiesConfigMapName" . | quote }}
  namespace: {{ .context.Release.Namespace | quote }}
  labels:
    app.kubernetes.io/component: governance-sidecar
    app.kubernetes.io/instance: {{ .context.Release.Name | quote }}
    app.kubernetes.io/managed-by: {{ .context.Release.Service | quote }}
data:
  {{- range $path, $text := $v.policies.bundle }}
  {{ replace "/" "__" $path | toJson }}: {{ $text | toJson }}
  {{- end }}
{{- end }}
{{- end -}}
