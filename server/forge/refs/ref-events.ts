import type { NewEvent } from '../events/events.types';

/** CreateEvent or DeleteEvent of a branch or tag (the payload GitHub uses). */
export function refEvent(
  type: 'CreateEvent' | 'DeleteEvent',
  repoId: number,
  actorId: number,
  refType: 'branch' | 'tag',
  ref: string,
  createdAt: string,
): NewEvent {
  return { repoId, type, actorId, payload: { ref, ref_type: refType }, createdAt };
}
