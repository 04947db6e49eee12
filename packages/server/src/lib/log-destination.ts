import pino from 'pino';

/** Where the server's log goes, and how to wait until every line written so far has left. */
export interface LogDestination {
  stream: pino.DestinationStream;
  /** Resolves when every line written so far has left. */
  end(): Promise<void>;
}

/**
 * stdout (or another file descriptor) through pino's own buffered destination (sonic-boom): lines are kept until 12 KB wait or
 * 100 ms have passed, then leave in one write off the event loop, so under load a system call
 * carries some seventy requests' lines. When the output stalls (a full pipe), at most 8 MB wait;
 * further lines are dropped and counted, and a line says how many once the output takes lines again.
 */
export function bufferedOutput(fd = 1): LogDestination {
  const stream = pino.destination({
    dest: fd,
    sync: false,
    minLength: 12 * 1024,
    maxLength: 8 * 1024 * 1024,
    periodicFlush: 100,
  });
  let dropped = 0;
  stream.on('drop', () => {
    dropped++;
  });
  stream.on('drain', () => {
    if (dropped === 0) return;
    const line = `{"level":40,"time":${Date.now()},"msg":"${dropped} log lines dropped: the output did not keep up"}\n`;
    dropped = 0;
    stream.write(line);
  });
  return {
    stream,
    // flush() waits for a write under way (its 'drain'); whatever is left then leaves at once.
    end: () =>
      new Promise((resolve) => {
        stream.flush(() => {
          stream.flushSync();
          resolve();
        });
      }),
  };
}
