import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { useApp, useWorkspace } from '../app/context';
import { UploadPage } from '../components/publish/UploadPage';
import type { PageProps } from './routes';

/** /upload (SPEC §2 Upload page): the current publishing batch; house ads for free accounts. */
export default function Upload(_props: PageProps) {
  const { auth } = useApp();
  // The app root's current batch (machines/workspace.machine.ts).
  const batch = useSelector(useWorkspace(), (s) => s?.context.batch ?? null);
  const user = useSyncExternalStore(auth.store.subscribe, auth.store.get);
  return <UploadPage batch={batch} free={user?.account.mode === 'FREE'} />;
}
