{{/*
Values handling. Every public template takes (dict "Values" <the block> "context" $) and reads
the block merged over governance-sidecar.defaults:
- maps merge key by key (as Helm merges a chart's values), an explicit `false` or `0` wins, a
  `null` removes the default;
- a key the defaults do not know fails the render with its path and the known keys, and a value
  of the wrong kind fails with what was expected, so a typo never silently drops a setting. The
  Kubernetes-shaped maps (resources, securityContext) and the gateway's own files
  (config.gatewayYaml, config.rateLimitsYaml) accept any key.
Pass "path" in the dict when the block is not `governanceSidecar` (e.g. "injector.sidecar"), so
messages name the key the user wrote.
*/}}

{{- define "governance-sidecar.values" -}}
{{- if not (and (kindIs "map" .) (hasKey . "context") (hasKey . "Values")) -}}
{{- fail "governance-sidecar: include its templates with (dict \"Values\" .Values.governanceSidecar \"context\" $)" -}}
{{- end -}}
{{- $defaults := include "governance-sidecar.defaults" . | fromYaml -}}
{{- $path := .path | default "governanceSidecar" -}}
{{- $given := .Values | default dict -}}
{{- if not (kindIs "map" $given) -}}
{{- fail (printf "%s must be a map of sidecar settings" $path) -}}
{{- end -}}
{{- /* A retired key says what replaced it rather than only that it is unknown. */ -}}
{{- if and (kindIs "map" (get $given "policies")) (hasKey (get $given "policies") "files") -}}
{{- fail (printf "%s.policies.files is no longer used: remove it. The whole ConfigMap is mounted and the gateway reads its keys as they are (catalog__x.yaml is the bundle's catalog/x.yaml), so a file added to the ConfigMap needs no change here" $path) -}}
{{- end -}}
{{- $merged := include "governance-sidecar.merge" (dict "defaults" $defaults "values" $given "path" $path "open" false) | fromYaml -}}
{{- include "governance-sidecar.validate" (dict "v" $merged "path" $path "context" .context) -}}
{{- toYaml $merged -}}
{{- end -}}

{{- define "governance-sidecar.merge" -}}
{{- $out := dict -}}
{{- $defaults := .defaults -}}
{{- $values := .values -}}
{{- $openKeys := list "resources" "securityContext" "gatewayYaml" "rateLimitsYaml" "bundle" -}}
{{- range $key, $default := $defaults -}}
{{- $at := printf "%s.%s" $.path $key -}}
{{- if hasKey $values $key -}}
{{- $value := index $values $key -}}
{{- if kindIs "invalid" $value -}}
{{- /* null: the default is removed */ -}}
{{- else if and (kindIs "map" $default) (kindIs "map" $value) -}}
{{- $open := or $.open (has $key $openKeys) -}}
{{- $_ := set $out $key (include "governance-sidecar.merge" (dict "defaults" $default "values" $value "path" $at "open" $open) | fromYaml) -}}
{{- else -}}
{{- $want := include "governance-sidecar.kind" $default -}}
{{- $got := include "governance-sidecar.kind" $value -}}
{{- if and (ne $want "null") (ne $want $got) -}}
{{- fail (printf "%s must be %s, not %s %s" $at $want $got (toJson $value)) -}}
{{- end -}}
{{- $_ := set $out $key $value -}}
{{- end -}}
{{- else if not (kindIs "invalid" $default) -}}
{{- $_ := set $out $key $default -}}
{{- end -}}
{{- end -}}
{{- range $key, $value := $values -}}
{{- if not (hasKey $defaults $key) -}}
{{- if $.open -}}
{{- if not (kindIs "invalid" $value) -}}
{{- $_ := set $out $key $value -}}
{{- end -}}
{{- else -}}
{{- fail (printf "%s.%s is not a governance-sidecar setting (known here: %s)" $.path $key (keys $defaults | sortAlpha | join ", ")) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- toYaml $out -}}
{{- end -}}

{{- define "governance-sidecar.kind" -}}
{{- if kindIs "invalid" . -}}null
{{- else if kindIs "map" . -}}a map
{{- else if kindIs "slice" . -}}a list
{{- else if kindIs "string" . -}}a string
{{- else if kindIs "bool" . -}}true or false
{{- else -}}a number
{{- end -}}
{{- end -}}

{{/* Settings whose kind is right but whose value is not; each message names the key. */}}
{{- define "governance-sidecar.validate" -}}
{{- $v := .v -}}
{{- $p := .path -}}
{{- if not (regexMatch "^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$" ($v.containerName | default "")) -}}
{{- fail (printf "%s.containerName must be a DNS label (lower-case letters, digits, -)" $p) -}}
{{- end -}}
{{- if not $v.image.repository -}}
{{- fail (printf "%s.image.repository is required" $p) -}}
{{- end -}}
{{- if and (not $v.image.tag) (not $v.image.digest) -}}
{{- fail (printf "%s.image.tag or %s.image.digest is required" $p $p) -}}
{{- end -}}
{{- $port := $v.port | int -}}
{{- if or (lt $port 1) (gt $port 65535) (ne (toString $v.port) (toString $port)) -}}
{{- fail (printf "%s.port must be an integer from 1 to 65535" $p) -}}
{{- end -}}
{{- if not (regexMatch "^([a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$" ($v.agentId.label | default "")) -}}
{{- fail (printf "%s.agentId.label must be a pod label key such as app.kubernetes.io/name" $p) -}}
{{- end -}}
{{- if and $v.agentId.value (not (regexMatch "^[A-Za-z0-9_.-]+$" $v.agentId.value)) -}}
{{- fail (printf "%s.agentId.value %q is not an agent id (letters, digits, _ - . only)" $p $v.agentId.value) -}}
{{- end -}}
{{- if not (has $v.logLevel (list "debug" "info" "warn" "error" "silent")) -}}
{{- fail (printf "%s.logLevel must be one of debug, info, warn, error, silent" $p) -}}
{{- end -}}
{{- if and (not $v.policies.existingConfigMap) (not $v.policies.bundle) -}}
{{- fail (printf "%s.policies: name the ConfigMap holding the policy bundle in the pod's namespace (policies.existingConfigMap) or give the bundle's files (policies.bundle: path -> YAML text)" $p) -}}
{{- end -}}
{{- with $v.centralGateway -}}
{{- if .url -}}
{{- if not (regexMatch "^https?://[^/]+" .url) -}}
{{- fail (printf "%s.centralGateway.url must be an http:// or https:// URL, e.g. http://governance-gateway.governance.svc:8000" $p) -}}
{{- end -}}
{{- if $v.database.existingSecret -}}
{{- fail (printf "%s: set centralGateway.url (the sidecar records through the central gateway, no database credentials in this namespace) or database.existingSecret (direct to PostgreSQL), not both" $p) -}}
{{- end -}}
{{- if not .tokenSecret.name -}}
{{- fail (printf "%s.centralGateway.tokenSecret.name is required with centralGateway.url: the Secret in the pod's namespace holding the sidecar's credential for the central gateway (CENTRAL_GATEWAY_TOKEN)" $p) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if not (has $v.preStop.action (list "auto" "sleep" "exec")) -}}
{{- fail (printf "%s.preStop.action must be auto, sleep or exec" $p) -}}
{{- end -}}
{{- if or (lt ($v.preStop.sleepSeconds | int) 0) (gt ($v.preStop.sleepSeconds | int) 300) -}}
{{- fail (printf "%s.preStop.sleepSeconds must be from 0 to 300" $p) -}}
{{- end -}}
{{- $budget := $v.memoryBudgetMb | int -}}
{{- if or (lt $budget 128) (gt $budget 65536) (ne (toString $v.memoryBudgetMb) (toString $budget)) -}}
{{- fail (printf "%s.memoryBudgetMb must be an integer from 128 to 65536 (MiB; SIDECAR_MEMORY_MB)" $p) -}}
{{- end -}}
{{- $limit := include "governance-sidecar.mebibytes" (dig "limits" "memory" "" ($v.resources | default dict)) -}}
{{- if and $limit (gt $budget ($limit | int)) -}}
{{- fail (printf "%s.memoryBudgetMb (%d MiB) is more than resources.limits.memory (%s): the kernel would kill the sidecar before its budget refused a call; lower the budget or raise the limit" $p $budget (toString $v.resources.limits.memory)) -}}
{{- end -}}
{{- if not (has $v.agentEnv.mode (list "baseUrl" "forwardProxy")) -}}
{{- fail (printf "%s.agentEnv.mode must be baseUrl or forwardProxy" $p) -}}
{{- end -}}
{{- $kube := .context.Capabilities.KubeVersion.Version -}}
{{- if and $v.nativeSidecar (not (semverCompare ">=1.29.0-0" $kube)) -}}
{{- fail (printf "%s.nativeSidecar needs Kubernetes 1.29 or later (init containers with restartPolicy: Always); this cluster is %s" $p $kube) -}}
{{- end -}}
{{- if and (eq $v.preStop.action "sleep") (gt ($v.preStop.sleepSeconds | int) 0) (not (semverCompare ">=1.30.0-0" $kube)) -}}
{{- fail (printf "%s.preStop.action sleep needs Kubernetes 1.30 or later; use auto or exec on %s" $p $kube) -}}
{{- end -}}
{{- end -}}

{{/* A Kubernetes memory quantity in MiB (rounded down), or "" when it is not one this can read. */}}
{{- define "governance-sidecar.mebibytes" -}}
{{- $q := toString . -}}
{{- if regexMatch "^[0-9]+Mi$" $q -}}{{ trimSuffix "Mi" $q }}
{{- else if regexMatch "^[0-9]+Gi$" $q -}}{{ mul (trimSuffix "Gi" $q | int) 1024 }}
{{- else if regexMatch "^[0-9]+M$" $q -}}{{ div (mul (trimSuffix "M" $q | int) 1000000) 1048576 }}
{{- else if regexMatch "^[0-9]+G$" $q -}}{{ div (mul (trimSuffix "G" $q | int) 1000000000) 1048576 }}
{{- else if regexMatch "^[0-9]+$" $q -}}{{ div ($q | int64) 1048576 }}
{{- end -}}
{{- end -}}
