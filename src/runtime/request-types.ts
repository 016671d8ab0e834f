// The validated request bodies, as TypeScript sees them after ajv has checked them (and filled
// defaults such as framework = REST).

import type { Framework } from '../governance/index.ts';

export interface ExecutionBody {
  model: string;
  tools_called?: unknown[];
  tool_results?: unknown[];
  latency_ms?: number;
  tokens?: number;
  prompt_tokens?: number;
  completion_tokens?: number;
}

export interface ValidateBody {
  agent_id: string;
  framework: Framework;
  version?: string;
  parent_envelope_id?: string | null;
  request: { user: string; input: string; session_id?: string | null; metadata?: Record<string, unknown> };
  execution: ExecutionBody;
  output: Record<string, unknown>;
  sdk_version?: string;
  deployment_env?: string;
}

export interface PreCheckBody {
  agent_id: string;
  framework: Framework;
  action: string;
  params: Record<string, unknown>;
  user: string;
  input: string;
  model?: string;
  session_id?: string | null;
  sdk_version?: string;
}

export interface PostCheckBody {
  pre_check_envelope_id: string;
  execution: ExecutionBody;
  output: Record<string, unknown>;
  sdk_version?: string;
}
