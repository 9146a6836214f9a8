// Holds a synchronous caller until its task ends: woken by the task-done notification (LISTEN/NOTIFY,
// from whichever process finalized it), with a short poll as the backstop.
import { CHANNELS, type Notifications } from '../jobs/notifications.ts';
import { isTerminal, type TaskRow, type TasksRepository } from './tasks.repository.ts';

const POLL_MS = 1000;

export class TaskWaiter {
  private readonly tasks: TasksRepository;
  private readonly notifications: Notifications;
  private readonly waking = new Set<() => void>();
  private released = false;
  /** The backstop poll, ms (a test lengthens it to show that the notification is what wakes a caller). */
  pollMs = POLL_MS;

  constructor(tasks: TasksRepository, notifications: Notifications) {
    this.tasks = tasks;
    this.notifications = notifications;
  }

  /**
   * Ends every wait now and refuses new ones (the server is shutting down): held sync callers get
   * their answer (the task keeps running; they poll it) instead of a dropped connection.
   */
  releaseAll(): void {
    this.released = true;
    for (const wake of this.waking) wake();
  }

  /** The task once it is terminal, or null when `deadline` (epoch ms) passes first or waits are released. */
  async untilEnded(orgId: string, taskId: string, deadline: number): Promise<TaskRow | null> {
    let wake: (() => void) | null = null;
    let notified = false;
    const onDone = (payload: string) => {
      if (payload !== taskId) return;
      notified = true;
      wake?.();
    };
    const off = this.notifications.on(CHANNELS.taskDone, onDone);
    const offReconnect = this.notifications.on('reconnect', () => onDone(taskId));
    try {
      for (;;) {
        notified = false;
        const task = await this.tasks.findInOrg(orgId, taskId);
        if (!task || isTerminal(task.status)) return task ?? null;
        const left = deadline - Date.now();
        if (left <= 0 || this.released) return null;
        if (notified) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, this.pollMs));
          wake = () => { clearTimeout(timer); resolve(); };
          this.waking.add(wake);
        });
        if (wake) this.waking.delete(wake);
        wake = null;
      }
    } finally {
      off();
      offReconnect();
    }
  }
}
