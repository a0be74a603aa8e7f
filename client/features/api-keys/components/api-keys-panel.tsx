import { useState } from 'react';
import type { CreatedApiKey } from '@contract/api-keys';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCopyToClipboard } from '@/components/ui/use-copy-to-clipboard';
import { toast } from '@/components/ui/use-toast';
import { ApiKeyForm } from '@/features/api-keys/components/api-key-form';
import { ApiKeyList } from '@/features/api-keys/components/api-key-list';
import { CreatedKeyDialog } from '@/features/api-keys/components/created-key-dialog';

/** The API Keys tab: create a key, see it once, list and revoke keys. */
export function ApiKeysPanel() {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { copy } = useCopyToClipboard();

  async function onCreated(key: CreatedApiKey) {
    setCreated(key);
    // The new key goes to the clipboard at once, as it is shown only this once (the dialog offers it again if
    // the browser refuses).
    const copied = await copy(key.keyHash);
    toast({
      title: 'API key created',
      description: copied
        ? 'The key has been copied to your clipboard.'
        : 'Copy the key now: it will not be shown again.',
    });
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card>
        <CardHeader>
          <CardTitle>New API key</CardTitle>
          <CardDescription>
            Lets your own tools call the API as you, within the permissions you pick.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ApiKeyForm onCreated={(key) => void onCreated(key)} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your API keys</CardTitle>
          <CardDescription>
            Only a prefix of each key is kept. Revoke any key you no longer use.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ApiKeyList />
        </CardContent>
      </Card>
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
