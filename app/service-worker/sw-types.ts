/**
 * The few service-worker types the worker uses. The project is typed against the DOM library, and TypeScript's
 * `webworker` library cannot sit beside it in one program, so these are declared here (shapes from the spec).
 */
export interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  /** the page that made the request ("" for a navigation) */
  readonly clientId: string;
  /** the page a navigation will become */
  readonly resultingClientId: string;
  respondWith(response: Response | Promise<Response>): void;
}

export interface MessageEventLike extends ExtendableEventLike {
  readonly data: unknown;
  readonly source: { id: string } | null;
  readonly ports: readonly MessagePort[];
}

export interface SyncEventLike extends ExtendableEventLike {
  readonly tag: string;
}

export interface ServiceWorkerScope {
  readonly location: Location;
  /** `onLine`: the device's own link only (see useOffline) */
  readonly navigator: { readonly onLine: boolean };
  readonly registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEventLike) => void): void;
  addEventListener(type: "message", listener: (event: MessageEventLike) => void): void;
  addEventListener(type: "sync", listener: (event: SyncEventLike) => void): void;
}
