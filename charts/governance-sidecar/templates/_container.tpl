{{/*
The sidecar container: `govgate serve --variant edge` on port 8000, governing the agent named by
a pod label (downward API). Env names are the ones src/config/env.ts reads; a test checks it.
Usage (both lines; each renders only for its placement):

  {{- $sidecar := dict "Values" .Values.governanceSidecar "context" $ }}
  {{- with include "governance-sidecar.initContainers" $sidecar }}
  initContainers:
    {{- . | nindent 4 }}
  {{- end }}
  containers:
    - name: agent
      ...
    {{- include "governance-sidecar.containers" $sidecar | nindent 4 }}
  volumes:
    {{- include "governance-sidecar.volumes" $sidecar | nindent 4 }}
*/}}

{{/* One container object (no list dash): what both placements and the injector use. */}}
{{- define "governance-sidecar.container" -}}
{{- $v := include "governance-sidecar.values" . | fromYaml -}}
{{- $kube := .context.Capabilities.KubeVersion.Version -}}
name: {{ $v.containerName }}
image: {{ include "governance-sidecar.image" $v | quote }}
imagePullPolicy: {{ $v.image.pullPolicy }}
args: ["serve", "--variant", "edge"]
{{- if $v.nativeSidecar }}
# A native sidecar (Kubernetes 1.29+): started before the agent, stopped after it.
restartPolicy: Always
{{- end }}
ports:
  - name: gov-sidecar
    containerPort: {{ $v.port | int }}
    protocol: TCP
env:
  - name: GATEWAY_VARIANT
    value: edge
  - name: PORT
    value: {{ $v.port | int | quote }}
  - name: AGENT_ID
    {{- if $v.agentId.value }}
    value: {{ $v.agentId.value | quote }}
    {{- else }}
    valueFrom:
      fieldRef:
        fieldPath: {{ printf "metadata.labels['%s']" $v.agentId.label | quote }}
    {{- end }}
  - name: SERVICE_ENV
    value: {{ $v.serviceEnv | quote }}
  - name: LOG_LEVEL
    value: {{ $v.logLevel | quote }}
  - name: CONFIG_DIR
    value: /etc/governance/config
  - name: POLICIES_DIR
    value: /etc/governance/policies
  {{- if $v.centralGateway.url }}
  # The ledger, kill switch, policy version and pins are the central gateway's: the sidecar
  # records through it and holds no database credentials.
  - name: CENTRAL_GATEWAY_URL
    value: {{ $v.centralGateway.url | quote }}
  - name: CENTRAL_GATEWAY_TOKEN
    valueFrom:
      secretKeyRef:
        name: {{ $v.centralGateway.tokenSecret.name | quote }}
        key: {{ $v.centralGateway.tokenSecret.key | quote }}
  {{- else }}
  # The SQLite ledger when there is no database; the API key store and a generated checkpoint
  # key always live beside it (the root filesystem is read-only).
  - name: LEDGER_PATH
    value: /app/data/ledger.db
  {{- end }}
  {{- if $v.database.existingSecret }}
  - name: DATABASE_URL
    valueFrom:
      secretKeyRef:
        name: {{ $v.database.existingSecret | quote }}
        key: {{ $v.database.existingSecretKey | quote }}
  {{- end }}
  # The memory budget (docs/performance.md, "Memory"): the sidecar splits it into its bounds; the
  # V8 heap limit is half of it, which Node only takes at start (src/proxy/memory-budget.ts).
  {{- $heap := div ($v.memoryBudgetMb | int) 2 }}
  {{- $semi := ternary 32 (ternary 16 (ternary 8 4 (ge $heap 64)) (ge $heap 128)) (ge $heap 256) }}
  - name: SIDECAR_MEMORY_MB
    value: {{ $v.memoryBudgetMb | int | quote }}
  - name: NODE_OPTIONS
    value: {{ printf "--max-old-space-size=%d --max-semi-space-size=%d" (sub $heap (mul 3 $semi)) $semi | quote }}
  {{- with $v.extraEnv }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
volumeMounts:
  - name: governance-sidecar-config
    mountPath: /etc/governance/config
    readOnly: true
  - name: governance-sidecar-policies
    mountPath: /etc/governance/policies
    readOnly: true
  - name: governance-sidecar-data
    mountPath: /app/data
  - name: governance-sidecar-tmp
    mountPath: /tmp
{{- with $v.startupProbe }}
{{- if .enabled }}
# Until the sidecar serves HTTP; a native sidecar holds the agent back until then.
startupProbe:
  httpGet: { path: /health/live, port: gov-sidecar }
  periodSeconds: {{ .periodSeconds | int }}
  timeoutSeconds: {{ .timeoutSeconds | int }}
  failureThreshold: {{ .failureThreshold | int }}
{{- end }}
{{- end }}
{{- with $v.livenessProbe }}
{{- if .enabled }}
# The process answers; a ledger outage must not restart it (readiness reports that).
livenessProbe:
  httpGet: { path: /health/live, port: gov-sidecar }
  periodSeconds: {{ .periodSeconds | int }}
  timeoutSeconds: {{ .timeoutSeconds | int }}
  failureThreshold: {{ .failureThreshold | int }}
{{- end }}
{{- end }}
{{- with $v.readinessProbe }}
{{- if .enabled }}
# 503 while the ledger cannot record or the sidecar is stopping.
readinessProbe:
  httpGet: { path: /health, port: gov-sidecar }
  periodSeconds: {{ .periodSeconds | int }}
  timeoutSeconds: {{ .timeoutSeconds | int }}
  failureThreshold: {{ .failureThreshold | int }}
{{- end }}
{{- end }}
{{- $sleep := $v.preStop.sleepSeconds | int }}
{{- if gt $sleep 0 }}
# Calls still in flight from the agent finish before the sidecar gets SIGTERM.
lifecycle:
  preStop:
    {{- if or (eq $v.preStop.action "sleep") (and (eq $v.preStop.action "auto") (semverCompare ">=1.30.0-0" $kube)) }}
    sleep:
      seconds: {{ $sleep }}
    {{- else }}
    # Before Kubernetes 1.30: node waits (the image needs no shell or sleep binary).
    exec:
      command: ["node", "-e", "setTimeout(() => {}, {{ mul $sleep 1000 }})"]
    {{- end }}
{{- end }}
{{- with $v.resources }}
resources:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $v.securityContext }}
securityContext:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* The sidecar as a list item of `containers:`; empty when nativeSidecar is on. */}}
{{- define "governance-sidecar.containers" -}}
{{- if not (include "governance-sidecar.isNative" .) -}}
- {{ include "governance-sidecar.container" . | nindent 2 | trim }}
{{- end -}}
{{- end -}}

{{/* The sidecar as a list item of `initContainers:`; empty unless nativeSidecar is on. */}}
{{- define "governance-sidecar.initContainers" -}}
{{- if include "governance-sidecar.isNative" . -}}
- {{ include "governance-sidecar.container" . | nindent 2 | trim }}
{{- end -}}
{{- end -}}

{{/* "true" when the sidecar is a native sidecar (an init container), else empty. */}}
{{- define "governance-sidecar.isNative" -}}
{{- $v := include "governance-sidecar.values" . | fromYaml -}}
{{- if $v.nativeSidecar }}true{{ end -}}
{{- end -}}

{{- define "governance-sidecar.image" -}}
{{- $repository := .image.repository -}}
{{- with .image.registry }}{{ $repository = printf "%s/%s" (trimSuffix "/" .) $repository }}{{ end -}}
{{- if .image.digest -}}
{{- printf "%s@%s" $repository .image.digest -}}
{{- else -}}
{{- printf "%s:%s" $repository (toString .image.tag) -}}
{{- end -}}
{{- end -}}

{{/*
The pod's terminationGracePeriodSeconds the sidecar needs: the preStop wait, then up to 10 s for
in-flight calls and the ledger flush (the gateway's drain limit), plus 5 s of margin. Use the
larger of this and the agent's own need:
  terminationGracePeriodSeconds: {{ max 30 (include "governance-sidecar.terminationGracePeriodSeconds" $sidecar | int) }}
*/}}
{{- define "governance-sidecar.terminationGracePeriodSeconds" -}}
{{- $v := include "governance-sidecar.values" . | fromYaml -}}
{{- add ($v.preStop.sleepSeconds | int) 15 -}}
{{- end -}}
