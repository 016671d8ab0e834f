{{/*
The sidecar injector's shared pieces. Its sidecar comes from the governance-sidecar library
chart, with this release's image, policy bundle and database unless injector.sidecar names
others. Its routes ConfigMap is a placeholder here: each pod names its own
(governance-gateway/config-map), which the injector mounts instead. In central mode
(injector.sidecar.centralGateway.tokenSecret.name) the URL defaults to this release's Service
and no database Secret is added: the sidecar records through the central gateway.
*/}}

{{- define "governance-gateway.injector.name" -}}
{{- include "governance-gateway.suffixed" (list . "injector") -}}
{{- end -}}

{{- define "governance-gateway.injector.selectorLabels" -}}
{{ include "governance-gateway.selectorLabels" . }}
app.kubernetes.io/component: injector
{{- end -}}

{{- define "governance-gateway.injector.tlsSecretName" -}}
{{- include "governance-gateway.suffixed" (list . "injector-tls") -}}
{{- end -}}

{{/* The DNS names the API server reaches the webhook Service by. */}}
{{- define "governance-gateway.injector.dnsNames" -}}
{{- $service := include "governance-gateway.injector.name" . -}}
{{- $ns := .Release.Namespace -}}
{{- toYaml (list $service (printf "%s.%s" $service $ns) (printf "%s.%s.svc" $service $ns) (printf "%s.%s.svc.cluster.local" $service $ns)) -}}
{{- end -}}

{{/* "true" when certificates come from cert-manager: injector.certManager.enabled, or auto and the cluster serves cert-manager.io/v1. */}}
{{- define "governance-gateway.injector.useCertManager" -}}
{{- $setting := toString .Values.injector.certManager.enabled -}}
{{- if or (eq $setting "true") (and (eq $setting "auto") (.Capabilities.APIVersions.Has "cert-manager.io/v1")) -}}true{{- end -}}
{{- end -}}

{{/* The values block the library templates take: injector.sidecar over what this release provides. */}}
{{- define "governance-gateway.injector.sidecarValues" -}}
{{- $sidecar := deepCopy (.Values.injector.sidecar | default dict) -}}
{{- $image := deepCopy (get $sidecar "image" | default dict) -}}
{{- if not (or (hasKey $image "repository") (hasKey $image "tag") (hasKey $image "digest")) -}}
{{- $_ := set $image "repository" .Values.image.repository -}}
{{- $_ := set $image "tag" (default .Chart.AppVersion .Values.image.tag | toString) -}}
{{- $_ := set $image "digest" .Values.image.digest -}}
{{- end -}}
{{- if not (hasKey $image "pullPolicy") -}}
{{- $_ := set $image "pullPolicy" .Values.image.pullPolicy -}}
{{- end -}}
{{- $_ := set $sidecar "image" $image -}}
{{- $config := deepCopy (get $sidecar "config" | default dict) -}}
{{- if not (hasKey $config "existingConfigMap") -}}
{{- $_ := set $config "existingConfigMap" (include "governance-gateway.configMapName" .) -}}
{{- end -}}
{{- $_ := set $sidecar "config" $config -}}
{{- $policies := deepCopy (get $sidecar "policies" | default dict) -}}
{{- if not (hasKey $policies "existingConfigMap") -}}
{{- $_ := set $policies "existingConfigMap" (include "governance-gateway.policiesConfigMapName" .) -}}
{{- end -}}
{{- $_ := set $sidecar "policies" $policies -}}
{{- $central := deepCopy (get $sidecar "centralGateway" | default dict) -}}
{{- if and (not (get $central "url")) (get (get $central "tokenSecret" | default dict) "name") -}}
{{- $_ := set $central "url" (printf "http://%s.%s.svc:%v" (include "governance-gateway.fullname" .) .Release.Namespace .Values.service.port) -}}
{{- $_ := set $sidecar "centralGateway" $central -}}
{{- end -}}
{{- $database := deepCopy (get $sidecar "database" | default dict) -}}
{{- if and (not (hasKey $database "existingSecret")) (not (get $central "url")) -}}
{{- $_ := set $database "existingSecret" (include "governance-gateway.databaseSecretName" .) -}}
{{- $_ := set $database "existingSecretKey" (include "governance-gateway.databaseSecretKey" .) -}}
{{- end -}}
{{- $_ := set $sidecar "database" $database -}}
{{- toYaml $sidecar -}}
{{- end -}}
