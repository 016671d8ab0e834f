#!/usr/bin/env node
// Thin launcher: Node 24 runs the TypeScript sources directly (type stripping).
import '../src/main.ts';
