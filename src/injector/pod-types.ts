// The parts of a core/v1 Pod the injector reads or writes. Everything else in the object is
// passed through untouched: the patch only adds.

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: Record<string, unknown>;
}

export interface Container {
  name: string;
  env?: EnvVar[];
  [field: string]: unknown;
}

export interface Volume {
  name: string;
  [field: string]: unknown;
}

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[] | null;
  volumes?: Volume[] | null;
  hostNetwork?: boolean;
  restartPolicy?: string;
  [field: string]: unknown;
}

export interface Pod {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    generateName?: string;
    namespace?: string;
    labels?: Record<string, string> | null;
    annotations?: Record<string, string> | null;
    [field: string]: unknown;
  };
  spec: PodSpec;
  [field: string]: unknown;
}
