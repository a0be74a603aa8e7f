import type { User } from '@contract/auth';
import type { DigitalService } from '@contract/digital-services';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ServiceInquiryForm } from '@/features/digital-services/components/service-inquiry-form';

interface ServiceInquiryDialogProps {
  /** The service the inquiry is for (kept while the dialog closes, so its content does not vanish). */
  service: DigitalService | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The services the person may choose from. */
  services: readonly DigitalService[];
  user: Pick<User, 'email' | 'firstName' | 'lastName'> | null;
}

/** The service inquiry: closes, and starts afresh next time, once submitted. */
export function ServiceInquiryDialog({
  service,
  open,
  onOpenChange,
  services,
  user,
}: ServiceInquiryDialogProps) {
  return (
    <Dialog open={open && service !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Submit Service Inquiry</DialogTitle>
          <DialogDescription>
            Tell us what you need{service ? ` from ${service.name}` : ''}. Every request is vetted by an
            analyst; we reply within 24-48 hours.
          </DialogDescription>
        </DialogHeader>
        {service && (
          <ServiceInquiryForm
            key={service.id}
            service={service}
            services={services}
            user={user}
            onCancel={() => onOpenChange(false)}
            onSubmitted={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
