// The glue of urlkit.wasm (crates/urlkit-wasm): one call per request, as `urlkit serve`
// answers `POST /api/NAME`. A classic script, so that it runs from file:// too; in Node it is
// a CommonJS module (the differential test loads it with require).
//
//   const urlkit = await UrlkitWasm.load(bytes);   // or UrlkitWasm.ready on the page
//   const { status, v } = await urlkit.call("compare", { a, b, level: "safe" });
"use strict";
(function (root) {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder("utf-8", { fatal: true });

  // One instance of a compiled module. A panic traps (the profile aborts); the module's
  // memory may then be in any state, so the next call gets a fresh instance. Instances are
  // made asynchronously: Chromium refuses `new WebAssembly.Instance` on the main thread for
  // a module over 8 MB, which this one is.
  function wrap(module, first) {
    let exports = first.exports;
    // The instance being made after a trap, which the next call waits for.
    let fresh = null;

    function put(bytes) {
      const ptr = exports.urlkit_alloc(bytes.length);
      new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
      return ptr;
    }

    function text(ptr, len) {
      // A copy: the memory may grow (and its buffer be replaced) at the next call.
      return decoder.decode(new Uint8Array(exports.memory.buffer, ptr, len).slice());
    }

    async function call(name, body) {
      if (fresh) {
        exports = (await fresh).exports;
        fresh = null;
      }
      const n = encoder.encode(name);
      const b = encoder.encode(JSON.stringify(body));
      const np = put(n);
      const bp = put(b);
      let status;
      try {
        status = exports.urlkit_call(np, n.length, bp, b.length);
      } catch (trap) {
        let message = String(trap);
        try {
          const said = text(exports.urlkit_panic_ptr(), exports.urlkit_panic_len());
          if (said) message = said;
        } catch (_) {
          // The panic's text is out of reach: the trap's own message stays.
        }
        fresh = WebAssembly.instantiate(module, {});
        return { status: 500, v: { error: { kind: "internal-error", message } } };
      }
      exports.urlkit_free(np, n.length);
      exports.urlkit_free(bp, b.length);
      const v = JSON.parse(text(exports.urlkit_answer_ptr(), exports.urlkit_answer_len()));
      return { status, v };
    }

    return { call };
  }

  async function load(bytes) {
    const module = await WebAssembly.compile(bytes);
    return wrap(module, await WebAssembly.instantiate(module, {}));
  }

  function decodeBase64(s) {
    const bin = atob(s);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  const api = { load, decodeBase64 };
  // On the static site, urlkit-wasm.js (loaded first) holds the module.
  if (typeof root.URLKIT_WASM_BASE64 === "string") {
    api.ready = load(decodeBase64(root.URLKIT_WASM_BASE64));
  }
  root.UrlkitWasm = api;
  if (typeof module === "object" && module.exports) module.exports = api;
})(globalThis);
