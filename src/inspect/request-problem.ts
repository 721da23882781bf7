/**
 * @internal A request the inspector's API cannot serve as sent (a wrong field, an unknown activity):
 * answered with `status` and the message, which says what to send instead.
 *
 * @example
 * ```ts
 * throw new RequestProblem(400, "send `arguments` or `reply`, not both");
 * ```
 */
export class RequestProblem extends Error {
  override readonly name = "RequestProblem";
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}
