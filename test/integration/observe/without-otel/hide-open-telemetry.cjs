/* eslint-disable @typescript-eslint/no-require-imports, no-undef -- a CommonJS preload script, run by Node, not bundled */
// Preloaded (--require) into a child process: makes `@opentelemetry/api` unresolvable from outside node_modules (the
// library's source and the test script), as for an application that never installed the optional peer dependency.
// Code inside node_modules still finds it: google-gax depends on it directly, and installs its own copy if need be.
const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const from = parent && parent.filename ? parent.filename : '';
  if (
    (request === '@opentelemetry/api' || request.startsWith('@opentelemetry/api/')) &&
    !from.includes('/node_modules/')
  ) {
    const error = new Error(`Cannot find module '${request}'`);
    error.code = 'MODULE_NOT_FOUND';
    throw error;
  }
  return resolve.call(this, request, parent, ...rest);
};
