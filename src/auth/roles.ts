export const ROLES = ['admin','operator','reviewer','auditor','viewer','agent'] as const; export type Role = (typeof ROLES)[number];
