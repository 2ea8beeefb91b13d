import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MODULES } from '../app.ts';
import { defineModule, moduleJobs } from './module.ts';

// Module registration (core/module.ts): what a process's jobs are, from the modules' definitions.

const noop = async () => {};

describe('moduleJobs', () => {
  it("lists core's schedules first, then each module's queues, subscriptions and schedules", () => {
    const { workers, schedules } = moduleJobs(MODULES);
    expect(schedules[0]!.name).toBe('maintenance.purge');
    expect(schedules.map((s) => s.name)).toContain('lms.reminders-pass');
    const queues = workers.map((w) => w.queue);
    expect(queues).toContain('lms.course-notice');
    // Learning hears of joiners and moves in queues of its own.
    expect(workers.filter((w) => w.event).map((w) => `${w.queue} ${w.event}`)).toEqual(
      expect.arrayContaining(['lms.on.member.joined member.joined', 'lms.on.member.moved member.moved']),
    );
    expect(new Set(queues).size).toBe(queues.length);
  });

  it("refuses a queue that does not carry its module's name, and a name claimed twice", () => {
    const stray = defineModule({
      name: 'cases',
      queues: { 'mail.send': { payload: z.any(), handler: noop } },
    });
    expect(() => moduleJobs([stray])).toThrow(/must start with "cases\."/);
    const dup = {
      name: 'cases',
      schedules: [{ name: 'maintenance.purge', cron: '0 0 * * *', queue: 'maintenance.purge', data: {} }],
    } as const;
    expect(() => moduleJobs([dup])).toThrow(/schedule maintenance.purge is defined twice/);
  });

  it("parses a job's data with the queue's schema before its handler runs", async () => {
    const seen: unknown[] = [];
    const probe = defineModule({
      name: 'probe',
      events: { 'member.moved': async (payload) => void seen.push(payload) },
    });
    const [worker] = moduleJobs([probe], () => ({}) as never).workers;
    const log = { error() {}, warn() {} };
    await expect(worker!.run({ workspaceId: 'w' }, 'job-1', log)).rejects.toThrow();
    expect(seen).toEqual([]);
  });
});
