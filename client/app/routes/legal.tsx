import type { ReactNode } from 'react';
import { FileText, Lock, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { APP_NAME } from '@/lib/constants';

/*
 * The footer's Privacy Policy, Terms of Service and Security pages (issue 18): short, in the firm's own words, for
 * everyone. What the portal actually does with data is in README "Privacy and data rights"; these pages say it plainly.
 */

interface Section {
  heading: string;
  body: ReactNode;
}

const linkClass = 'text-primary underline underline-offset-4 hover:text-primary/80';

function LegalPage({
  eyebrow,
  title,
  icon: Icon,
  intro,
  sections,
}: {
  eyebrow: string;
  title: string;
  icon: LucideIcon;
  intro: string;
  sections: readonly Section[];
}) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-3 border-b pb-6">
        <p className="flex items-center gap-2 font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">
          <Icon aria-hidden="true" className="size-3.5" />
          {eyebrow}
        </p>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{intro}</p>
      </header>
      <div className="grid gap-6">
        {sections.map((section) => (
          <section key={section.heading} className="grid gap-2">
            <h2 className="text-lg font-semibold">{section.heading}</h2>
            <div className="grid gap-2 text-sm leading-relaxed text-muted-foreground">{section.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}

/** /privacy */
export function PrivacyRoute() {
  return (
    <LegalPage
      eyebrow="Legal"
      title="Privacy Policy"
      icon={Lock}
      intro={`Discretion is our trade. ${APP_NAME} collects what it needs to serve you and keeps it no longer than the law and our accounts require.`}
      sections={[
        {
          heading: 'What we hold',
          body: (
            <p>
              Your account (name, e-mail address, phone and the addresses you give us), your orders, payments
              and subscriptions, the cases, investigations, inquiries and secure-channel requests you file,
              and a record of sign-ins and sensitive actions taken on your account.
            </p>
          ),
        },
        {
          heading: 'Why we hold it',
          body: (
            <p>
              To deliver the services you request, to bill you, to verify the lawful purpose of every
              investigation, and to keep an audit trail our Directors can answer for. We do not sell your data
              and we do not use it for advertising.
            </p>
          ),
        },
        {
          heading: 'Your rights',
          body: (
            <p>
              Under the GDPR and India&apos;s Digital Personal Data Protection Act 2023 you may download
              everything your account holds and delete your account, both from Settings &gt; Privacy once
              signed in. A deletion erases your personal details; orders, payments and the audit trail stay on
              an anonymised account because tax law and our accountability require them.
            </p>
          ),
        },
        {
          heading: 'Questions',
          body: (
            <p>
              Write to us through a{' '}
              <Link href={paths.secureChannel.getHref()} className={linkClass}>
                secure channel request
              </Link>
              . We answer within 48 hours.
            </p>
          ),
        },
      ]}
    />
  );
}

/** /terms */
export function TermsRoute() {
  return (
    <LegalPage
      eyebrow="Legal"
      title="Terms of Service"
      icon={FileText}
      intro={`By using ${APP_NAME} you agree to work with us lawfully and honestly. In short:`}
      sections={[
        {
          heading: 'Lawful use only',
          body: (
            <p>
              Every service is provided for lawful purposes alone. You declare the legal basis of each
              investigation you request, and we refuse, or stop, any work meant to harass, stalk or unlawfully
              surveil anyone.
            </p>
          ),
        },
        {
          heading: 'Your account',
          body: (
            <p>
              Keep your password and your two-factor codes to yourself. Access to services follows your
              clearance tier; an upgrade takes effect once its payment is confirmed.
            </p>
          ),
        },
        {
          heading: 'Orders and payments',
          body: (
            <p>
              Prices are shown in the currency you are charged in. Equipment ships to the address you give at
              checkout; crypto and bank transfers are confirmed by our team before an order or an upgrade goes
              ahead.
            </p>
          ),
        },
        {
          heading: 'Our findings',
          body: (
            <p>
              Reports are prepared with care from the sources available to us and are confidential to you.
              They inform your decisions; they do not replace legal advice.
            </p>
          ),
        },
      ]}
    />
  );
}

/** /security */
export function SecurityRoute() {
  return (
    <LegalPage
      eyebrow="Trust"
      title="Security"
      icon={ShieldCheck}
      intro="How we protect your account and what you entrust to us."
      sections={[
        {
          heading: 'Your account',
          body: (
            <p>
              Passwords are stored only as salted, deliberately slow hashes (argon2id), never in clear.
              Two-factor authentication with an authenticator app is available to every client and recommended
              for all; sessions can be reviewed and ended from Settings, and a password change signs every
              other device out.
            </p>
          ),
        },
        {
          heading: 'Your data',
          body: (
            <p>
              Your session lives in a cookie the page&apos;s scripts cannot read, and every change to your
              account is checked against where it came from. Access inside the firm follows clearance: a
              Director reading your records leaves a trace in the audit trail, which no one can alter.
            </p>
          ),
        },
        {
          heading: 'Reporting a vulnerability',
          body: (
            <p>
              Found a weakness? Tell us through a{' '}
              <Link href={paths.secureChannel.getHref()} className={linkClass}>
                secure channel request
              </Link>{' '}
              rather than in public. We acknowledge reports within 48 hours and do not pursue good-faith
              research.
            </p>
          ),
        },
      ]}
    />
  );
}
