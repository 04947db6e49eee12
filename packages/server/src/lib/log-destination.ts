import pino from 'pino';

/** Where the server's log goes, and how to wait until every line written so far has left. */
export interface LogDestination {
  stream: pino.DestinationStream;
  /** Resolves when every line written so far has left. */
  end(): Promise<void>;
}

/** Lines kept before they leave together. */
const BATCH_CHARS = 12 * 1024;
/** A lone line leaves within this time. */
const FLUSH_EVERY_MS = 100;
/** When the output stalls (a full pipe), at most this much waits; further lines are dropped and counted. */
const MAX_WAITING_BYTES = 8 * 1024 * 1024;

/**
 * stdout (or another file descriptor): lines are kept in a list until 12 KB wait or 100 ms have
 * passed, then joined and handed to pino's destination (sonic-boom), which writes them off the event
 * loop, so under load a system call carries some sixty requests' lines. The list, not sonic-boom's
 * own minLength buffer, keeps them: that buffer is one string grown line by line whose UTF-8 length
 * is counted again on every line (flattening it), about 2 µs of a request's time at 12 KB (issue 25:
 * bench/RESULTS.md). When the output stalls, at most 8 MB wait; further lines are dropped and counted,
 * and a line says how many once the output takes lines again.
 */
export function bufferedOutput(fd = 1): LogDestination {
  // minLength 1, not 0: with 0 a chunk still leaves at once, but flush() would not wait for a write
  // under way, and end()'s last synchronous write could overtake it.
  const out = pino.destination({ dest: fd, sync: false, minLength: 1, maxLength: MAX_WAITING_BYTES });
  let dropped = 0;
  // A dropped chunk holds many lines (handOver joins them): each counts.
  out.on('drop', (chunk: string) => {
    dropped += chunk.split('\n').length - 1;
  });
  out.on('drain', () => {
    if (dropped === 0) return;
    const line = `{"level":40,"time":${Date.now()},"msg":"${dropped} log lines dropped: the output did not keep up"}\n`;
    dropped = 0;
    out.write(line);
  });

  let lines: string[] = [];
  let chars = 0;
  const handOver = () => {
    if (chars === 0) return;
    const chunk = lines.join('');
    lines = [];
    chars = 0;
    out.write(chunk);
  };
  const timer = setInterval(handOver, FLUSH_EVERY_MS);
  timer.unref();

  return {
    stream: {
      write(line: string) {
        lines.push(line);
        chars += line.length;
        if (chars >= BATCH_CHARS) handOver();
      },
    },
    // flush() waits for a write under way (its 'drain'); whatever is left then leaves at once.
    end: () =>
      new Promise((resolve) => {
        clearInterval(timer);
        handOver();
        out.flush(() => {
          out.flushSync();
          resolve();
        });
      }),
  };
}
