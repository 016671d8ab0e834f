// Waiting for something another process or a background job does: polls `probe` until it gives a
// value (anything but undefined or false), which it returns, or fails naming what never happened.

export async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 30_000, everyMs = 50): Promise<Exclude<T, undefined | false>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value as Exclude<T, undefined | false>;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
