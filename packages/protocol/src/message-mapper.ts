import type { ModelInput } from "./model-input.js";
import type { ResponseItem } from "./response-item.js";

/** How a provider's messages are made of request items; see `createMessageMapper`. */
export interface MessageMapperOptions<Piece, Message, State> {
  /**
   * What one item becomes, or `undefined` for an item the provider has no place for (it is left
   * out and does not end a run). Called once for an item frozen all the way down.
   */
  readonly convert: (item: ResponseItem, index: number) => Piece | undefined;
  /**
   * Whether a piece that comes before every other piece is given apart, in `leading` (the
   * developer messages that open a session's input, which some providers take as a system
   * prompt). None is when left out.
   */
  readonly leads?: (piece: Piece) => boolean;
  /**
   * The run a piece joins: pieces in a row with the same run make one message; `undefined` for a
   * piece that makes a message alone.
   */
  readonly runOf: (piece: Piece) => string | undefined;
  /** The message a run of pieces (one or more, in order) makes. */
  readonly join: (run: readonly Piece[]) => Message;
  /**
   * What the pieces after `leading` pass through in order before they join a run, for a mapping
   * in which an item's message depends on the items before it: `start` makes the state of a
   * mapping from the first item, `step` reads and updates it and returns the piece to join.
   */
  readonly scan?: {
    readonly start: () => State;
    readonly step: (piece: Piece, state: State, index: number) => Piece;
  };
}

/** What {@link MessageMapper.map} gives. */
export interface MessageMapping<Piece, Message, State> {
  /** The leading pieces, in order; the array is the caller's. */
  readonly leading: Piece[];
  /**
   * The messages, in order, each frozen but those `options.marked` changed. The array is the
   * mapping's: the next call for a request that goes on from this one appends to it and
   * replaces its last messages (the open run's, the marked ones), so a mapping costs no copy;
   * see {@link MessageMapper.map}.
   */
  readonly messages: Message[];
  /**
   * The state of the scan after the last item; read it before the next call, which may go on
   * from it. `undefined` without a scan.
   */
  readonly state: State | undefined;
}

/** Options of one mapping call of a {@link MessageMapper} or an `ItemMapper`. */
export interface MapOptions<Message> {
  /** Makes the error thrown for a request that does not fit `ModelInput`. */
  readonly toError: (problems: string) => Error;
  /** Where the request sits, which the problems' paths begin with (`request`, or empty). */
  readonly path: string;
  /**
   * Makes the messages to put before the mapped ones in the returned array (a system message
   * built from the request's instructions, say), so that array is made in one copy rather than
   * copied again to put them in front. It is called once the request is checked, and only when
   * the request's instructions differ from those of the call it goes on from: it must make its
   * messages of the instructions alone.
   */
  readonly before?: (request: ModelInput) => readonly Message[];
  /**
   * What the last `count` messages of the returned array are replaced with (a provider's cache
   * breakpoints): `mark` is given each message, the mapper's frozen one, and its place counted
   * from the end (1 for the last message), and returns the one to send. The next call puts the
   * mapper's messages back where marks no longer fall.
   */
  readonly marked?: {
    readonly count: number;
    readonly mark: (message: Message, fromEnd: number) => Message;
  };
}

/** Maps the items of model requests to messages, each item once; see `createMessageMapper`. */
export interface MessageMapper<Piece, Message, State> {
  /**
   * Checks `request` and returns its leading pieces and its messages, `options.before` first.
   * The messages array is the one the previous call returned whenever this call goes on from
   * it: hold it as a view of the latest request, not as a copy of this one.
   * @throws the error `toError` makes of the problems in one line, their paths under `path`
   * (`request.input[3].type: …`), when the request does not fit `ModelInput`; whatever `convert`,
   * `join` or the scan throws.
   */
  map(request: ModelInput, options: MapOptions<Message>): MessageMapping<Piece, Message, State>;
}
