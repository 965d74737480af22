import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { useApp } from '../app/context';
import { UploadPage } from '../components/publish/UploadPage';
import type { PageProps } from './routes';

/** /upload (SPEC §2 Upload page): the current publishing batch; house ads for free accounts. */
export default function Upload(_props: PageProps) {
  const { app, auth } = useApp();
  // The app root's current batch (machines/app.machine.ts).
  const batch = useSelector(app, (s) => s.context.batch);
  const user = useSyncExternalStore(auth.store.subscribe, auth.store.get);
  return <UploadPage batch={batch} free={user?.account.mode === 'FREE'} />;
}
