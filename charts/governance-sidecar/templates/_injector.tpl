{{/*
The document `govgate injector` reads (INJECTOR_TEMPLATE): the very container, volumes and
agent env these templates render for a chart, so an injected pod and a chart-built pod cannot
differ. The governance-gateway chart renders it into the injector's ConfigMap. agentEnv is the
forward-proxy set: the injector adds it only to pods annotated governance-gateway/proxy-env: "true".
*/}}
{{- define "governance-sidecar.injectorTemplate" -}}
{{- $v := include "governance-sidecar.values" . | fromYaml -}}
{{- $doc := dict
  "placement" (ternary "initContainers" "containers" (eq (include "governance-sidecar.isNative" .) "true"))
  "container" (include "governance-sidecar.container" . | fromYaml)
  "volumes" (include "governance-sidecar.volumes" . | fromYamlArray)
  "agentEnv" (include "governance-sidecar.agentEnvFor" (dict "v" $v "mode" "forwardProxy") | fromYamlArray)
  "agentIdLabel" $v.agentId.label -}}
{{- toPrettyJson $doc -}}
{{- end -}}
