// npm itself may run on an older system Node; every script must run on the pinned Node 24.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `Node ${process.versions.node} is running this script, but the project needs Node 24 or newer.\n` +
      "The pinned Node comes from the `node` devDependency; its install script was probably skipped.\n" +
      "Fix: run `npm ci --foreground-scripts` (with install scripts allowed), then retry.",
  );
  process.exit(1);
}
