import type { FindingCode } from '@shared/board/dispatch';
import type { BoardErrorCode, MessageParams } from '@shared/board/errors';

/** The code an error answer carries: one of the board's, or a blocking finding's. */
export type AnswerCode = BoardErrorCode | FindingCode;

/** What a domain error's `detail` holds to give its answer a code and params. */
export type CodedDetail = {
  errorCode: AnswerCode;
  errorParams: MessageParams;
};

/**
 * The `detail` fields that give a domain error's answer its `code` and `params`
 * (`shared/board/errors.ts`): `throw new InvalidError(message, withCode('x', { field }))`.
 * Without them the answer's code follows from its status.
 */
export function withCode(code: AnswerCode, params: MessageParams = {}): CodedDetail {
  return { errorCode: code, errorParams: params };
}
