import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

interface AccountPageCardProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The one card of a page reached from a mail link or the sign-in form (reset, verification), like sign-in's. */
export function AccountPageCard({ icon: Icon, title, description, children }: AccountPageCardProps) {
  return (
    <div className="bg-grid flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <Icon aria-hidden="true" className="mb-1 size-8 text-primary" />
          <h1 className="text-xl leading-tight font-semibold">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
