// npm itself may run on an older system Node; every script must run on the pinned Node 26. `engines` still admits
// Node 24 (supported by its maintainers until 2028) for running the server, but the project's own runtime, whose
// memory and timings the docs state, is 26: a script on anything older is a skipped install script, not a choice.
const major = Number(process.versions.node.split(".")[0]);
if (major < 26) {
  console.error(
    `Node ${process.versions.node} is running this script, but the project needs Node 26 or newer.\n` +
      "The pinned Node comes from the `node` devDependency; its install script was probably skipped.\n" +
      "Fix: run `npm ci --foreground-scripts` (with install scripts allowed), then retry.",
  );
  process.exit(1);
}
