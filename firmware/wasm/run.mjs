// Runs the reader-hub firmware under real MicroPython: MicroPython's own WebAssembly port
// (@micropython/micropython-webassembly-pyscript) on Node.js. Copies firmware/*.py and
// protocol_vectors.json to /clacks/fw in MicroPython's file system, this directory's *.py (fake
// machine, fake time, fake chips, harness.py) to /clacks/harness, and runs harness.main().
//
//   cd firmware/wasm && npm ci && node run.mjs      (or: make firmware-wasm && node firmware/wasm/run.mjs)
//
// Prints the harness output (PASS/FAIL per check, RESULT line) and MicroPython's traceback
// on a crash. Exit status: 0 if every check passed, 1 if any failed or MicroPython raised,
// 2 if the harness never reported a result.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
// FIRMWARE_DIR: another copy of the firmware to test (default: firmware/, next to this directory).
const FIRMWARE = resolve(process.env.FIRMWARE_DIR || join(HERE, ".."));
// The initial MicroPython heap; this port grows it on demand, so it is not the Pico's limit.
const HEAP_BYTES = 1024 * 1024;

let loadMicroPython;
try {
  ({ loadMicroPython } = await import("@micropython/micropython-webassembly-pyscript"));
} catch (e) {
  console.error(`run.mjs: cannot load MicroPython (${e.message}); run \`npm ci\` in ${HERE}`);
  process.exit(2);
}

// An empty stdin, whatever node's own is. A loop that keeps reading at the end of input
// would spin for ever: stop it with a clear message instead.
let eofReads = 0;
function emptyStdin() {
  if (++eofReads > 10000) {
    console.error("run.mjs: stdin read 10000 times at end of input; a read loop does not stop on b''");
    process.exit(1);
  }
  return null;
}

const output = [];
const started = Date.now();
const mp = await loadMicroPython({
  heapsize: HEAP_BYTES,
  linebuffer: true,
  stdin: emptyStdin,
  stdout: (line) => {
    output.push(line);
    console.log(line);
  },
  stderr: (line) => console.error(line),
});

// Not directly under "/", MicroPython's working directory: there a directory named
// "harness" would be imported as a namespace package instead of harness.py.
const ROOT = "/clacks";
mp.FS.mkdir(ROOT);

function copyInto(dir, srcDir, names) {
  mp.FS.mkdir(dir);
  for (const name of names) {
    mp.FS.writeFile(`${dir}/${name}`, readFileSync(join(srcDir, name)));
  }
  return names;
}

let firmware;
try {
  firmware = readdirSync(FIRMWARE).filter((n) => n.endsWith(".py"));
} catch (e) {
  console.error(`run.mjs: no firmware at ${FIRMWARE} (${e.message})`);
  process.exit(2);
}
copyInto(`${ROOT}/fw`, FIRMWARE, [...firmware, "protocol_vectors.json"]);
copyInto(`${ROOT}/harness`, HERE, readdirSync(HERE).filter((n) => n.endsWith(".py")));
console.log(`firmware: ${firmware.sort().join(" ")}`);

try {
  mp.runPython(
    [
      "import sys",
      `sys.path.append('${ROOT}/fw')`,
      `sys.path.append('${ROOT}/harness')`,
      "import harness",
      "harness.main()",
    ].join("\n"),
  );
} catch (e) {
  if (e.name !== "PythonError") throw e;
  console.error(`MicroPython raised ${e.type}:\n${e.message}`);
  process.exit(1);
}

const result = output.find((line) => line.startsWith("RESULT "));
const failed = output.filter((line) => line.startsWith("FAIL "));
const passed = output.filter((line) => line.startsWith("PASS "));
console.log(`run.mjs: ${((Date.now() - started) / 1000).toFixed(1)} s under MicroPython (WebAssembly)`);
if (!result) {
  console.error("run.mjs: the harness did not report a RESULT line");
  process.exit(2);
}
if (failed.length > 0 || passed.length === 0 || result !== `RESULT ${passed.length} passed, 0 failed`) {
  console.error(`run.mjs: ${failed.length} check(s) failed`);
  process.exit(1);
}
process.exit(0);
