import { useState, type ReactNode } from 'react';
import { Crosshair } from 'lucide-react';
import type { MfaMethod, User } from '@contract/auth';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { APP_NAME } from '@/lib/constants';
import { RegisterForm } from '@/features/auth/components/register-form';
import { SignInForm } from '@/features/auth/components/sign-in-form';

export type AuthTab = 'sign-in' | 'register';

/** What the two-factor step of a sign-in gets: where to go once signed in, and the way back to the credentials. */
export interface MfaStepProps {
  onSignedIn: (user: User) => void;
  onCancel: () => void;
  /** The second factors the account has (a passkey among them or not). */
  methods: MfaMethod[];
}

interface AuthPanelProps {
  /** Called once the user is signed in (the user query already holds them). */
  onAuthenticated: (user: User) => void;
  defaultTab?: AuthTab;
  /** The two-factor step (the mfa feature's form), passed in by the route: features do not import each other. */
  mfaStep: (props: MfaStepProps) => ReactNode;
  /** The identity provider sent the browser back with a failure (`/login?error=sso`). */
  ssoFailed?: boolean;
  /** Where a single sign-on goes once done (a local path). */
  returnTo?: string | null;
}

/** Sign in (with the two-factor step when the account needs it) or create an account. */
export function AuthPanel({
  onAuthenticated,
  defaultTab = 'sign-in',
  mfaStep,
  ssoFailed = false,
  returnTo = null,
}: AuthPanelProps) {
  const [step, setStep] = useState<'credentials' | 'mfa'>('credentials');
  const [methods, setMethods] = useState<MfaMethod[]>([]);
  const [tab, setTab] = useState<AuthTab>(defaultTab);

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="items-center text-center">
        <Crosshair aria-hidden="true" className="mb-1 size-8 text-primary" />
        <h1 className="text-xl leading-tight font-semibold">Secure access</h1>
        <CardDescription>Sign in to your client account, or create one to request clearance.</CardDescription>
      </CardHeader>
      <CardContent>
        {step === 'mfa' ? (
          mfaStep({ onSignedIn: onAuthenticated, onCancel: () => setStep('credentials'), methods })
        ) : (
          <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
            <TabsList className="w-full">
              <TabsTrigger value="sign-in">Sign in</TabsTrigger>
              <TabsTrigger value="register">Create account</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              <SignInForm
                ssoFailed={ssoFailed}
                returnTo={returnTo}
                onSignedIn={onAuthenticated}
                onMfaRequired={(offered) => {
                  setMethods(offered);
                  setStep('mfa');
                }}
              />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm
                onRegistered={(user) => {
                  // A new account: welcomed, not welcomed back.
                  toast({
                    title: `Welcome to ${APP_NAME}`,
                    description: `Your account is ready. Confirm your address with the link we sent to ${user.email}.`,
                  });
                  onAuthenticated(user);
                }}
              />
            </TabsContent>
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}
