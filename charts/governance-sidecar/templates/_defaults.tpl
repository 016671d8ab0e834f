{{/*
The defaults of the values block a chart passes to these templates (conventionally
`governanceSidecar`). Plain YAML, no template actions: README.md documents every key and a test
checks that it does. The gateway version of the default image must equal package.json's.
*/}}
{{- define "governance-sidecar.defaults" -}}
image:
  registry: ""
  repository: governance-gateway
  tag: "0.1.0"
  digest: ""
  pullPolicy: IfNotPresent
nativeSidecar: false
containerName: governance-sidecar
port: 8000
agentId:
  label: app.kubernetes.io/name
  value: ""
serviceEnv: production
logLevel: info
config:
  existingConfigMap: ""
  gatewayYaml:
    routes: []
  rateLimitsYaml: {}
policies:
  existingConfigMap: ""
  bundle: {}
database:
  existingSecret: ""
  existingSecretKey: database-url
centralGateway:
  url: ""
  tokenSecret:
    name: ""
    key: token
dataVolume:
  sizeLimit: 256Mi
tmpSizeLimit: 64Mi
extraEnv: []
# Measured with this budget (docs/performance.md, Memory): 139 MB idle, 190 MB at 200 calls/s,
# 249 MB at saturation: the request covers a steady sidecar, the limit twice its peak.
memoryBudgetMb: 448
resources:
  requests:
    cpu: 100m
    memory: 256Mi
  limits:
    memory: 512Mi
securityContext:
  runAsNonRoot: true
  runAsUser: 10001
  runAsGroup: 10001
  allowPrivilegeEscalation: false
  privileged: false
  readOnlyRootFilesystem: true
  capabilities:
    drop: ["ALL"]
  seccompProfile:
    type: RuntimeDefault
startupProbe:
  enabled: true
  periodSeconds: 2
  timeoutSeconds: 3
  failureThreshold: 30
livenessProbe:
  enabled: true
  periodSeconds: 10
  timeoutSeconds: 3
  failureThreshold: 3
readinessProbe:
  enabled: true
  periodSeconds: 5
  timeoutSeconds: 5
  failureThreshold: 2
preStop:
  sleepSeconds: 5
  action: auto
agentEnv:
  mode: baseUrl
  noProxy: []
{{- end -}}
