import { anIssue } from '../../testing/fixtures';
import { cycleLabel, cycleText, pickupText } from './issue-dialog.view';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const signals = anIssue().signals;

describe('issue dialog timings', () => {
  it('states the pickup latency once an NPC answered', () => {
    const issue = anIssue({ signals: { ...signals, pickup_latency_s: 42 * 60 } });
    expect(pickupText(issue, NOW)).toBe('42m');
  });

  it('states a pickup under a minute in seconds', () => {
    const issue = anIssue({ signals: { ...signals, pickup_latency_s: 45 } });
    expect(pickupText(issue, NOW)).toBe('45 sec');
  });

  it('counts the current wait while the NPC has not answered', () => {
    // Assigned 2026-11-20T10:00Z, two days and two hours before NOW.
    expect(pickupText(anIssue(), NOW)).toBe('waiting 2d 2h');
  });

  it('says a closed issue was never picked up when no NPC answered', () => {
    expect(pickupText(anIssue({ state: 'closed' }), NOW)).toBe('never picked up');
  });

  it('states nothing without an NPC assignee', () => {
    const issue = anIssue({ assignees: [], signals: { ...signals, assigned_at: null } });
    expect(pickupText(issue, NOW)).toBeNull();
    expect(cycleText(issue, NOW)).toBeNull();
  });

  it('states the cycle time of a completed issue', () => {
    const issue = anIssue({
      state: 'closed',
      state_reason: 'completed',
      signals: { ...signals, cycle_time_s: 28 * 3600 },
    });
    expect(cycleText(issue, NOW)).toBe('1d 4h');
    expect(cycleLabel(issue)).toBe('Cycle time');
  });

  it('counts the time since assignment while the issue is open', () => {
    const issue = anIssue({ signals: { ...signals, pickup_latency_s: 60 } });
    expect(cycleText(issue, NOW)).toBe('open 2d 2h so far');
    expect(cycleLabel(issue)).toBe('Time since assigned');
  });

  it('has no cycle time for an issue closed as not planned', () => {
    const issue = anIssue({ state: 'closed', state_reason: 'not_planned' });
    expect(cycleText(issue, NOW)).toBe('none: closed as not planned');
  });
});
