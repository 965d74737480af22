import { useSyncExternalStore } from 'react';
import { useApp } from '../app/context';
import { UploadPage } from '../components/publish/UploadPage';
import type { PageProps } from './routes';

/** /upload (SPEC §2 Upload page): the current publishing batch; house ads for free accounts. */
export default function Upload(_props: PageProps) {
  const { publishing, auth } = useApp();
  const batch = useSyncExternalStore(publishing.subscribe, publishing.get);
  const user = useSyncExternalStore(auth.store.subscribe, auth.store.get);
  return <UploadPage batch={batch} free={user?.account.mode === 'FREE'} />;
}
