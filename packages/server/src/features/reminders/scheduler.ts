import type { FastifyBaseLogger } from 'fastify';
import type { LongLived } from '../../plugins/lifecycle';
import type { ReminderService } from './service';

/**
 * The scheduler (issue 26 item 7): a tick every `everyMs` works out from the database what is due
 * and sends it (service.ts `tick`). Nothing is kept in memory between ticks: a restart or a second
 * server copy computes the same and finds the notifications already recorded. One tick at a time.
 */
export function reminderSchedulerPart(opts: {
  service: ReminderService;
  everyMs: number;
  log: FastifyBaseLogger;
}): LongLived {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = opts.service
      .tick()
      .then((sent) => {
        if (sent > 0) opts.log.info({ sent }, 'reminders sent');
      })
      .catch((err: unknown) => opts.log.error({ err }, 'reminder tick failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    name: 'reminder-scheduler',
    start: () => {
      if (opts.everyMs <= 0) return;
      timer = setInterval(tick, opts.everyMs);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
