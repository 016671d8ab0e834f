{{/*
Names, labels and the pieces several templates share: the image, the container environment,
the policy and config file sets, and the checks that stop an install with a clear message.
*/}}

{{- define "governance-gateway.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "governance-gateway.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* A name with a suffix that still fits a DNS label (63 characters). */}}
{{- define "governance-gateway.suffixed" -}}
{{- $root := index . 0 -}}
{{- $suffix := index . 1 -}}
{{- printf "%s-%s" (include "governance-gateway.fullname" $root | trunc (int (sub 62 (len $suffix))) | trimSuffix "-") $suffix -}}
{{- end -}}

{{- define "governance-gateway.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "governance-gateway.selectorLabels" -}}
app.kubernetes.io/name: {{ include "governance-gateway.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "governance-gateway.labels" -}}
helm.sh/chart: {{ include "governance-gateway.chart" . }}
{{ include "governance-gateway.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: governance-gateway
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{- define "governance-gateway.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "governance-gateway.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "governance-gateway.image" -}}
{{- if .Values.image.digest -}}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest -}}
{{- else -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}
{{- end -}}

{{/* The port `govgate serve --variant edge` listens on (DEFAULT_PORTS.edge in src/config/env.ts). */}}
{{- define "governance-gateway.containerPort" -}}8000{{- end -}}

{{- define "governance-gateway.configDir" -}}/etc/governance/config{{- end -}}
{{- define "governance-gateway.policiesDir" -}}/etc/governance/policies{{- end -}}
{{- define "governance-gateway.checkpointKeyFile" -}}/etc/governance/checkpoint/key{{- end -}}

{{- define "governance-gateway.databaseSecretName" -}}
{{- if .Values.database.existingSecret -}}
{{- .Values.database.existingSecret -}}
{{- else -}}
{{- include "governance-gateway.suffixed" (list . "database") -}}
{{- end -}}
{{- end -}}

{{- define "governance-gateway.databaseSecretKey" -}}
{{- if .Values.database.existingSecret -}}
{{- .Values.database.existingSecretKey -}}
{{- else -}}
database-url
{{- end -}}
{{- end -}}

{{/* The Secret holding the bootstrap API key (BOOTSTRAP_API_KEY), and its key. */}}
{{- define "governance-gateway.bootstrapSecretName" -}}
{{- default (include "governance-gateway.suffixed" (list . "bootstrap")) .Values.auth.bootstrap.existingSecret -}}
{{- end -}}
{{- define "governance-gateway.bootstrapSecretKey" -}}
{{- if .Values.auth.bootstrap.existingSecret }}{{ .Values.auth.bootstrap.existingSecretKey }}{{ else }}api-key{{ end -}}
{{- end -}}

{{/* The Secret holding the checkpoint signing key shared by every replica, and its key. */}}
{{- define "governance-gateway.checkpointSecretName" -}}
{{- default (include "governance-gateway.suffixed" (list . "checkpoint-key")) .Values.checkpoints.existingSecret -}}
{{- end -}}
{{- define "governance-gateway.checkpointSecretKey" -}}
{{- if .Values.checkpoints.existingSecret }}{{ .Values.checkpoints.existingSecretKey }}{{ else }}checkpoint-key{{ end -}}
{{- end -}}

{{/* The Secret holding REDIS_URL, and its key; empty when Redis is not configured. */}}
{{- define "governance-gateway.redisSecretName" -}}
{{- if .Values.redis.existingSecret }}{{ .Values.redis.existingSecret }}{{ else if .Values.redis.url }}{{ include "governance-gateway.suffixed" (list . "redis") }}{{ end -}}
{{- end -}}
{{- define "governance-gateway.redisSecretKey" -}}
{{- if .Values.redis.existingSecret }}{{ .Values.redis.existingSecretKey }}{{ else }}redis-url{{ end -}}
{{- end -}}

{{/* The most replicas can drop to: autoscaling.minReplicas, else replicaCount. */}}
{{- define "governance-gateway.minReplicas" -}}
{{- if .Values.autoscaling.enabled }}{{ .Values.autoscaling.minReplicas | int }}{{ else }}{{ .Values.replicaCount | int }}{{ end -}}
{{- end -}}

{{/*
A value a Secret created once must keep: the one already in the cluster (Helm's lookup, on
install and upgrade), else `fresh`. `helm template` and the stand-in have no cluster, so there a
new value is generated on every render: GitOps tools that render that way must name an
existing Secret instead. Takes (list $ secretName key fresh).
*/}}
{{- define "governance-gateway.keptSecretValue" -}}
{{- $root := index . 0 -}}
{{- $existing := lookup "v1" "Secret" $root.Release.Namespace (index . 1) -}}
{{- $kept := dig "data" (index . 2) "" ($existing | default dict) -}}
{{- if $kept }}{{ $kept }}{{ else }}{{ index . 3 | b64enc }}{{ end -}}
{{- end -}}

{{- define "governance-gateway.configMapName" -}}
{{- default (include "governance-gateway.suffixed" (list . "config")) .Values.config.existingConfigMap -}}
{{- end -}}

{{- define "governance-gateway.policiesConfigMapName" -}}
{{- default (include "governance-gateway.suffixed" (list . "policies")) .Values.policies.existingConfigMap -}}
{{- end -}}

{{/* A bundle path as a ConfigMap key: keys cannot hold "/", so catalog/x.yaml is catalog__x.yaml,
the flat name the gateway reads as that bundle file (docs/policies.md "Layout"). */}}
{{- define "governance-gateway.policyKey" -}}
{{- replace "/" "__" . -}}
{{- end -}}

{{/* The config files the chart ships (file name -> text), as JSON: the chart's defaults
(files/default-config: no sidecar routes, the default rate limits), then config.files. JSON, because a YAML round trip through Go's parser drops the final newline of a
block scalar that ends the document. */}}
{{- define "governance-gateway.configFiles" -}}
{{- $files := dict -}}
{{- range $path, $_ := .Files.Glob "files/default-config/*.yaml" -}}
{{- $_ := set $files (base $path) ($.Files.Get $path) -}}
{{- end -}}
{{- range $name, $text := .Values.config.files -}}
{{- $_ := set $files $name $text -}}
{{- end -}}
{{- toJson $files -}}
{{- end -}}

{{/* The policy bundle the chart ships (bundle path -> text), as JSON: the chart's default bundle
(files/default-bundle, when policies.sampleBundle), then policies.files. The chart owns that
default; the bundle you enforce is yours (policies.files, --set-file, policies.existingConfigMap). */}}
{{- define "governance-gateway.policyFiles" -}}
{{- $files := dict -}}
{{- if .Values.policies.sampleBundle -}}
{{- range $path, $_ := .Files.Glob "files/default-bundle/**.yaml" -}}
{{- $_ := set $files (trimPrefix "files/default-bundle/" $path) ($.Files.Get $path) -}}
{{- end -}}
{{- end -}}
{{- range $path, $text := .Values.policies.files -}}
{{- $_ := set $files $path $text -}}
{{- end -}}
{{- toJson $files -}}
{{- end -}}

{{/* Stops the render with a message naming the values to fix. */}}
{{- define "governance-gateway.validate" -}}
{{- if and .Values.database.existingSecret .Values.database.url -}}
{{- fail "database: set database.existingSecret or database.url, not both" -}}
{{- end -}}
{{- if not (or .Values.database.existingSecret .Values.database.url) -}}
{{- fail "database.existingSecret is required: name the Secret that holds DATABASE_URL (a postgres:// URL; key database.existingSecretKey). The edge gateway keeps its ledger in PostgreSQL, shared by every replica. For a trial, database.url makes the chart create that Secret." -}}
{{- end -}}
{{- if and .Values.database.url (not (regexMatch "^postgres(ql)?://" .Values.database.url)) -}}
{{- fail "database.url: must be a postgres:// or postgresql:// URL" -}}
{{- end -}}
{{- with .Values.auth.jwt -}}
{{- if and .jwksUrl (not (and .issuer .audience)) -}}
{{- fail "auth.jwt.issuer and auth.jwt.audience are required when auth.jwt.jwksUrl is set (a JWKS is often shared by many applications of one identity provider)" -}}
{{- end -}}
{{- if and .jwksUrl (eq $.Values.gateway.serviceEnv "production") (not (hasPrefix "https://" .jwksUrl)) -}}
{{- fail "auth.jwt.jwksUrl: must be an https:// URL when gateway.serviceEnv is production" -}}
{{- end -}}
{{- end -}}
{{- if and .Values.policies.existingConfigMap .Values.policies.files -}}
{{- fail "policies.files cannot be used with policies.existingConfigMap: the bundle then comes only from that ConfigMap" -}}
{{- end -}}
{{- if and .Values.config.existingConfigMap .Values.config.files -}}
{{- fail "config.files cannot be used with config.existingConfigMap: the files then come only from that ConfigMap" -}}
{{- end -}}
{{- if and (not .Values.policies.existingConfigMap) (not (include "governance-gateway.policyFiles" . | fromJson)) -}}
{{- fail "policies: the bundle is empty; keep policies.sampleBundle, add policies.files, or name policies.existingConfigMap" -}}
{{- end -}}
{{- if and .Values.redis.existingSecret .Values.redis.url -}}
{{- fail "redis: set redis.existingSecret or redis.url, not both" -}}
{{- end -}}
{{- if and .Values.redis.url (not (regexMatch "^rediss?://" .Values.redis.url)) -}}
{{- fail "redis.url: must be a redis:// or rediss:// URL" -}}
{{- end -}}
{{- if and .Values.podDisruptionBudget.enabled (not (kindIs "invalid" .Values.podDisruptionBudget.minAvailable)) (not (kindIs "invalid" .Values.podDisruptionBudget.maxUnavailable)) -}}
{{- fail "podDisruptionBudget: set minAvailable or maxUnavailable, not both (null the other)" -}}
{{- end -}}
{{- end -}}

{{/* DATABASE_URL and the PG_* settings: the gateway and the migration Job both need them. */}}
{{- define "governance-gateway.databaseEnv" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "governance-gateway.databaseSecretName" . }}
      key: {{ include "governance-gateway.databaseSecretKey" . }}
{{- with .Values.database.sslMode }}
- name: PG_SSL
  value: {{ . | quote }}
{{- end }}
- name: PG_POOL_SIZE
  value: {{ .Values.database.poolSize | int64 | quote }}
- name: PG_STATEMENT_TIMEOUT_MS
  value: {{ .Values.database.statementTimeoutMs | int64 | quote }}
{{- with .Values.database.schema }}
- name: PG_SCHEMA
  value: {{ . | quote }}
{{- end }}
{{- end -}}

{{/* The gateway container's environment; every name is one src/config/env.ts reads (a test checks). */}}
{{- define "governance-gateway.env" -}}
- name: SERVICE_ENV
  value: {{ .Values.gateway.serviceEnv | quote }}
- name: AUTH_ENABLED
  value: {{ .Values.auth.enabled | quote }}
- name: RATE_LIMIT_ENABLED
  value: {{ .Values.gateway.rateLimitEnabled | quote }}
- name: LOG_LEVEL
  value: {{ .Values.gateway.logLevel | quote }}
- name: SERVICE_MAX_BODY_BYTES
  value: {{ .Values.gateway.maxBodyBytes | int64 | quote }}
- name: SERVICE_MAX_BODY_VALUES
  value: {{ .Values.gateway.maxBodyValues | int64 | quote }}
- name: CONFIG_DIR
  value: {{ include "governance-gateway.configDir" . }}
- name: POLICIES_DIR
  value: {{ include "governance-gateway.policiesDir" . }}
{{- with .Values.gateway.trustedProxies }}
- name: TRUSTED_PROXIES
  value: {{ join "," . | quote }}
{{- end }}
{{- with .Values.gateway.minSdkVersion }}
- name: MIN_SDK_VERSION
  value: {{ . | quote }}
{{- end }}
{{ include "governance-gateway.databaseEnv" . }}
{{- with .Values.auth.jwt }}
{{- if .existingSecret }}
- name: JWT_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ .existingSecret }}
      key: {{ .secretKey }}
{{- end }}
{{- if .jwksUrl }}
- name: JWT_JWKS_URL
  value: {{ .jwksUrl | quote }}
{{- end }}
{{- if .issuer }}
- name: JWT_ISSUER
  value: {{ .issuer | quote }}
{{- end }}
{{- if .audience }}
- name: JWT_AUDIENCE
  value: {{ .audience | quote }}
{{- end }}
{{- end }}
{{- /* One key for the whole fleet: an auditor trusts one public key, whichever replica signed. */}}
- name: CHECKPOINT_KEY_FILE
  value: {{ include "governance-gateway.checkpointKeyFile" . }}
{{- if and .Values.auth.enabled .Values.auth.bootstrap.enabled }}
- name: BOOTSTRAP_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "governance-gateway.bootstrapSecretName" . }}
      key: {{ include "governance-gateway.bootstrapSecretKey" . }}
{{- end }}
{{- with include "governance-gateway.redisSecretName" . }}
- name: REDIS_URL
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: {{ include "governance-gateway.redisSecretKey" $ }}
{{- end }}
- name: CHECKPOINT_INTERVAL_SECONDS
  value: {{ .Values.checkpoints.intervalSeconds | int64 | quote }}
{{- with .Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* The gateway pods' selector (selectorLabels plus the component). */}}
{{- define "governance-gateway.podSelector" -}}
{{ include "governance-gateway.selectorLabels" . }}
app.kubernetes.io/component: gateway
{{- end -}}

{{/* A probe's timing fields from its values block. */}}
{{- define "governance-gateway.probeTiming" -}}
initialDelaySeconds: {{ .initialDelaySeconds }}
periodSeconds: {{ .periodSeconds }}
timeoutSeconds: {{ .timeoutSeconds }}
failureThreshold: {{ .failureThreshold }}
{{- with .successThreshold }}
successThreshold: {{ . }}
{{- end }}
{{- end -}}
