/**
 * Wire types of the board API (DESIGN section 4) that the app reads. They move to
 * `shared/` once the server defines them there, so both sides compile against one copy.
 */

/** `GET api/meta`: what every page needs to know about this board. */
export interface BoardMeta {
  version: string;
  /** The three NPC usernames offered by dispatch and used by the filters. */
  npc_handles: string[];
  /** Default credit alert threshold; admins can change it. */
  credit_alert_threshold: number;
  /** Base URL for links to issues and repositories on the platform. */
  platform_web_url: string;
  /** Slugs of the organizations the board covers. */
  covered_orgs: string[];
}

/** Body of every board error answer. Nest's validation pipe sends `message` as a list. */
export interface BoardErrorBody {
  statusCode: number;
  error: string;
  message: string | string[];
  request_id?: string;
}
