/**
 * The app's domain events: modules announce what happened; notifications and users' automation rules listen.
 * Every payload names the user it concerns (`userId`), except a new threat, which concerns every reader of the
 * feed its marking allows.
 * Emitted after the change has committed, for automation rules; a failing listener is logged and never undoes the
 * change. Notifications are not listeners: they are written in the change's own transaction (decision 006).
 */
export interface AppEvents {
  'security.new_device': { userId: string; device: string; ip: string };
  'security.mfa_changed': { userId: string; enabled: boolean };
  'security.api_key_created': { userId: string; name: string };
  'security.failed_logins': { userId: string; attempts: number };
  'security.password_changed': { userId: string; how: 'reset' | 'change' };
  'security.email_changed': { userId: string; from: string; to: string };
  'security.passkey_changed': { userId: string; name: string; added: boolean };
  'payment.completed': {
    userId: string;
    paymentId: string;
    amount: string;
    currency: string;
    description: string;
    actionUrl: string;
  };
  'payment.failed': {
    userId: string;
    paymentId: string;
    amount: string;
    currency: string;
    description: string;
  };
  'tier.changed': { userId: string; from: number; to: number; reason: TierChangeReason };
  'upgrade.rejected': { userId: string; tier: number };
  'case.created': {
    userId: string;
    caseId: string;
    caseNumber: string;
    title: string;
    category: string;
    priority: string;
  };
  /** A visible update on a case (internal notes raise no event): `userId` is the case's owner. */
  'case.updated': {
    userId: string;
    caseId: string;
    caseNumber: string;
    updateType: string;
    status: string;
    title: string;
    /** Set when an automation rule wrote the update, so rules never set each other off in a loop. */
    origin?: 'automation';
  };
  /**
   * A service-level clock of a case or investigation request ran past its due time (design 11.6), announced once
   * per clock by the breach job: `userId` is the owner; Directors' rules see it too.
   */
  'case.sla_breached': {
    userId: string;
    subjectType: 'case' | 'investigation';
    /** Set for a case (so a rule's case update can use it); `investigationId` for a request. */
    caseId?: string;
    investigationId?: string;
    /** The case number; null for an investigation request, which has none. */
    caseNumber: string | null;
    title: string;
    clock: 'first_response' | 'resolution';
    tier: number;
    dueAt: string;
  };
  'investigation.created': {
    userId: string;
    investigationId: string;
    serviceType: string;
    priority: string;
    estimatedCost: string | null;
  };
  'order.placed': {
    userId: string;
    orderId: string;
    total: string;
    currency: string;
    itemCount: number;
    paymentMethod: string;
  };
  'threat.created': {
    threatId: string;
    createdBy: string | null;
    title: string;
    category: string;
    severity: string;
    tlp: string;
    indicators: string[];
  };
  /**
   * An observable on a case equals a value a stored indicator compares (issue 38): `userId` is the case's owner, whose
   * rules see it only when the observable is neither internal nor `amber+strict`/`red` and the owner may read the
   * intelligence record; Directors' rules see every match.
   */
  'observable.matched': {
    userId: string;
    caseId: string;
    caseNumber: string;
    observableId: string;
    observableType: string;
    value: string;
    tlp: string;
    isInternal: boolean;
    threatId: string;
    threatTitle: string;
    severity: string;
    threatTlp: string;
  };
  /** One stream of the account-security happenings above, for rules to watch in one place. */
  'security.alert': { userId: string; kind: string; severity: string; message: string };
}

type SecurityEventName = Extract<EventName, `security.${string}`>;
export type SecurityKind = Exclude<SecurityEventName, 'security.alert'>;

/** Each security happening as the one `security.alert` stream tells it: how bad, in a sentence. */
const SECURITY_ALERTS: {
  [K in SecurityKind]: (payload: AppEvents[K]) => { severity: string; message: string };
} = {
  'security.new_device': ({ device, ip }) => ({
    severity: 'medium',
    message: `Signed in from a new device: ${device} (${ip})`,
  }),
  'security.mfa_changed': ({ enabled }) =>
    enabled
      ? { severity: 'low', message: 'Two-factor authentication was enabled' }
      : { severity: 'high', message: 'Two-factor authentication was disabled' },
  'security.api_key_created': ({ name }) => ({
    severity: 'medium',
    message: `API key "${name}" was created`,
  }),
  'security.failed_logins': ({ attempts }) => ({
    severity: 'high',
    message: `${attempts} failed sign-in attempts were blocked`,
  }),
  'security.password_changed': ({ how }) => ({
    severity: 'high',
    message: how === 'reset' ? 'The password was reset by e-mail link' : 'The password was changed',
  }),
  'security.email_changed': ({ from, to }) => ({
    severity: 'high',
    message: `The sign-in address changed from ${from} to ${to}`,
  }),
  'security.passkey_changed': ({ name, added }) =>
    added
      ? { severity: 'medium', message: `Passkey "${name}" was added` }
      : { severity: 'high', message: `Passkey "${name}" was removed` },
};

/** Emits a security happening and, alongside it, the `security.alert` that rules watch. */
export async function emitSecurityEvent<K extends SecurityKind>(
  events: EventBus,
  name: K,
  payload: AppEvents[K],
): Promise<void> {
  const alert = SECURITY_ALERTS[name](payload);
  await Promise.all([
    events.emit(name, payload),
    events.emit('security.alert', { userId: payload.userId, kind: name.slice('security.'.length), ...alert }),
  ]);
}

/** Why a tier moved: a completed upgrade, a Director's approval, or a paid period that ended. */
export type TierChangeReason = 'upgrade' | 'approval' | 'expiry';

export type EventName = keyof AppEvents;
type Listener<E extends EventName> = (payload: AppEvents[E]) => Promise<void>;

export interface EventLogger {
  error(obj: object, message: string): void;
}

export class EventBus {
  private readonly listeners = new Map<EventName, Listener<never>[]>();

  constructor(private readonly logger: EventLogger = { error: () => {} }) {}

  on<E extends EventName>(name: E, listener: Listener<E>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as Listener<never>);
    this.listeners.set(name, list);
  }

  /** Runs every listener; resolves when all have finished, whatever they did. */
  async emit<E extends EventName>(name: E, payload: AppEvents[E]): Promise<void> {
    const list = (this.listeners.get(name) ?? []) as Listener<E>[];
    await Promise.all(
      list.map((listener) =>
        listener(payload).catch((err: unknown) =>
          this.logger.error({ err, event: name }, 'event listener failed'),
        ),
      ),
    );
  }
}
