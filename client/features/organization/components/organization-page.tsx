import { useState, type FormEvent } from 'react';
import { Building2, LogOut, MailPlus, Trash2, UserMinus } from 'lucide-react';
import { AUDIT_ACTION_LABELS } from '@contract/audit';
import {
  ORGANIZATION_ROLES,
  ROLE_LABELS,
  VIA_LABELS,
  type Organization,
  type OrganizationRole,
} from '@contract/organization';
import { tierLabel, tierName } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useCreateInvitation } from '@/features/organization/api/create-invitation';
import { useInvitations } from '@/features/organization/api/get-invitations';
import { useMembers } from '@/features/organization/api/get-members';
import { useOrganization } from '@/features/organization/api/get-organization';
import { useOrganizationAudit } from '@/features/organization/api/get-organization-audit';
import { useLeaveOrganization } from '@/features/organization/api/leave-organization';
import { useRemoveMember } from '@/features/organization/api/remove-member';
import { useRevokeInvitation } from '@/features/organization/api/revoke-invitation';
import { useUpdateMember } from '@/features/organization/api/update-member';
import { ScimSection } from '@/features/organization/components/scim-section';
import { SsoSection } from '@/features/organization/components/sso-section';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate } from '@/lib/format';

/** The API's own message for a refusal a person can act on (409 last owner, 403 only an owner...). */
function failure(error: unknown, fallback: string) {
  toastFailure(error, fallback, { title: 'Not done' });
}

const sectionTitle = 'font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase';

function Summary({ organization }: { organization: Organization }) {
  const leave = useLeaveOrganization();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Building2 aria-hidden="true" className="size-5 text-primary" />
          <span data-testid="organization-name" className="min-w-0 break-words">
            {organization.name}
          </span>
          <Badge title={tierName(organization.tier)}>{tierLabel(organization.tier)}</Badge>
        </CardTitle>
        <CardDescription className="font-mono break-all">@{organization.domain}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Your role</dt>
          <dd data-testid="organization-role">{ROLE_LABELS[organization.role]}</dd>
          <dt className="text-muted-foreground">Members</dt>
          <dd>{organization.memberCount}</dd>
        </dl>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <LogOut aria-hidden="true" />
          Leave
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'You left the organisation', description: organization.name });
            },
            onError: (error) => {
              setConfirming(false);
              failure(error, 'Failed to leave the organisation.');
            },
          })
        }
        title={`Leave ${organization.name}?`}
        description="Its shared cases and investigations close to you at once, and your account goes back to its own tier."
        confirmLabel="Leave"
        pendingLabel="Leaving"
        pending={leave.isPending}
      />
    </Card>
  );
}

function Members({ organization, userId }: { organization: Organization; userId: string }) {
  const members = useMembers({ enabled: true });
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const owner = organization.role === 'owner';
  return (
    <section aria-labelledby="members-heading" className="grid min-w-0 content-start gap-3">
      <h2 id="members-heading" className={sectionTitle}>
        Members
      </h2>
      <QueryStates
        query={members}
        loading={{ label: 'Loading members', rowClassName: 'h-14' }}
        error="The members could not be loaded."
      >
        {(rows) => (
          <ul aria-label="Members" className="grid grid-cols-[minmax(0,1fr)] gap-2">
            {rows.map((member) => {
              // Only an owner makes, unmakes or removes owners (the server says so too).
              const locked = member.role === 'owner' && !owner;
              return (
                <li
                  key={member.userId}
                  data-testid="organization-member"
                  className="flex flex-wrap items-center gap-3 rounded-md border bg-surface p-3 text-sm"
                >
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="truncate font-medium">{member.name ?? member.email}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {/* The address once: under the name, or as the heading when there is no name. */}
                      {[
                        member.name ? member.email : null,
                        VIA_LABELS[member.via],
                        `joined ${formatDate(member.joinedAt)}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <NativeSelect
                    aria-label={`Role of ${member.email}`}
                    value={member.role}
                    disabled={locked || update.isPending}
                    className="w-32"
                    onChange={(event) =>
                      update.mutate(
                        { userId: member.userId, role: event.target.value as OrganizationRole },
                        { onError: (error) => failure(error, 'Failed to change the role.') },
                      )
                    }
                  >
                    {ORGANIZATION_ROLES.filter(
                      (role) => owner || role !== 'owner' || member.role === 'owner',
                    ).map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </NativeSelect>
                  {member.userId !== userId && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${member.email}`}
                      disabled={locked || remove.isPending}
                      onClick={() =>
                        remove.mutate(member.userId, {
                          onSuccess: () => toast({ title: 'Member removed', description: member.email }),
                          onError: (error) => failure(error, 'Failed to remove the member.'),
                        })
                      }
                    >
                      <UserMinus aria-hidden="true" />
                      Remove
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}

function Invitations({ organization }: { organization: Organization }) {
  const invitations = useInvitations({ enabled: true });
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganizationRole>('member');

  function invite(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { email, role },
      {
        onSuccess: (created) => {
          setEmail('');
          toast({ title: 'Invitation sent', description: `${created.email} has 7 days to accept.` });
        },
        onError: (error) => failure(error, 'Failed to send the invitation.'),
      },
    );
  }

  return (
    <section aria-labelledby="invitations-heading" className="grid min-w-0 content-start gap-3">
      <h2 id="invitations-heading" className={sectionTitle}>
        Invitations
      </h2>
      <form className="flex flex-wrap gap-2" onSubmit={invite}>
        <Input
          type="email"
          required
          aria-label="E-mail address to invite"
          placeholder={`colleague@${organization.domain}`}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="min-w-0 flex-1 basis-56"
        />
        <NativeSelect
          aria-label="Role of the invited member"
          value={role}
          className="w-32"
          onChange={(event) => setRole(event.target.value as OrganizationRole)}
        >
          {ORGANIZATION_ROLES.filter((value) => organization.role === 'owner' || value !== 'owner').map(
            (value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ),
          )}
        </NativeSelect>
        <Button type="submit" disabled={create.isPending || !email.trim()}>
          <MailPlus aria-hidden="true" />
          Invite
        </Button>
      </form>
      <QueryStates
        query={invitations}
        loading={{ label: 'Loading invitations', rowClassName: 'h-14' }}
        error="The invitations could not be loaded."
        empty={<p className="text-sm text-muted-foreground">No invitation is waiting.</p>}
      >
        {(rows) => (
          <ul aria-label="Waiting invitations" className="grid grid-cols-[minmax(0,1fr)] gap-2">
            {rows.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center gap-3 rounded-md border p-3 text-sm"
              >
                <span className="min-w-0 flex-1 basis-48 truncate">{invitation.email}</span>
                <Badge variant="outline">{ROLE_LABELS[invitation.role]}</Badge>
                <span className="text-xs text-muted-foreground">
                  until {formatDate(invitation.expiresAt)}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Withdraw the invitation to ${invitation.email}`}
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(invitation.id, {
                      onError: (error) => failure(error, 'Failed to withdraw the invitation.'),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}

function AuditTrail() {
  const events = useOrganizationAudit({ enabled: true });
  const labels = AUDIT_ACTION_LABELS as Record<string, string>;
  return (
    <section aria-labelledby="organization-audit-heading" className="grid min-w-0 content-start gap-3">
      <h2 id="organization-audit-heading" className={sectionTitle}>
        Audit trail
      </h2>
      <QueryStates
        query={events}
        loading={{ label: 'Loading the audit trail', rowClassName: 'h-14' }}
        error="The audit trail could not be loaded."
        empty={<p className="text-sm text-muted-foreground">Nothing recorded yet.</p>}
      >
        {(rows) => (
          <ol aria-label="Organisation audit trail" className="grid gap-1.5 text-sm">
            {rows.map((event) => {
              const subject = typeof event.detail.email === 'string' ? event.detail.email : null;
              return (
                <li
                  key={event.id}
                  className="flex min-w-0 flex-wrap gap-x-3 border-b py-1.5 break-all last:border-0"
                >
                  <time className="font-mono text-xs text-muted-foreground" dateTime={event.at}>
                    {formatDate(event.at)}
                  </time>
                  <span className="font-medium">{labels[event.action] ?? event.action}</span>
                  {subject && <span className="text-muted-foreground">{subject}</span>}
                  {event.actorEmail && (
                    <span className="text-xs text-muted-foreground">by {event.actorEmail}</span>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </QueryStates>
    </section>
  );
}

/**
 * The Organisation page (design 12.3): every member sees the organisation's name, domain, tier and their role;
 * owners and admins also manage members and invitations and read the organisation's audit trail; owners also set
 * up single sign-on and SCIM provisioning (design 12.4).
 */
export function OrganizationPage({ userId }: { userId: string }) {
  const organization = useOrganization();
  return (
    <QueryStates
      query={organization}
      loading={{ label: 'Loading your organisation', rowClassName: 'h-14' }}
      error="Your organisation could not be loaded."
    >
      {(current) =>
        current === null ? (
          <EmptyState icon={Building2} title="You do not belong to an organisation">
            An owner or admin of your company can invite you; some organisations also let a verified address
            on their domain join by itself.
          </EmptyState>
        ) : (
          // minmax(0, 1fr): a long address wraps or truncates instead of widening the page on a phone.
          <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
            <Summary organization={current} />
            {current.role !== 'member' && (
              <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
                <Members organization={current} userId={userId} />
                <div className="grid min-w-0 content-start gap-8">
                  <Invitations organization={current} />
                  <AuditTrail />
                </div>
              </div>
            )}
            {current.role === 'owner' && (
              <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
                <SsoSection organizationId={current.id} />
                <ScimSection />
              </div>
            )}
          </div>
        )
      }
    </QueryStates>
  );
}
