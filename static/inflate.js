// The interpreter's memory snapshot inflated off the page's thread (tools/interpreter.mjs): the gzipped
// bytes come in, the inflated memory goes back (handed over, not copied), or the error's text.
onmessage = async ({data}) => {
  try {
    const memory = await new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    postMessage(memory, [memory]);
  } catch (error) {
    postMessage(String(error));
  }
};
