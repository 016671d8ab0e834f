// Types of validators.generated.js (ajv standalone code): one validator per PRECOMPILED_SCHEMAS name.
import type { ValidateFunction } from 'ajv';

export declare const catalogFile: ValidateFunction;
export declare const sensitiveDataFile: ValidateFunction;
export declare const decisionFile: ValidateFunction;
export declare const rulesFile: ValidateFunction;
export declare const judgeFile: ValidateFunction;
export declare const certificationFile: ValidateFunction;
export declare const gatewayFile: ValidateFunction;
export declare const jsonSchemaDraft07: ValidateFunction;
