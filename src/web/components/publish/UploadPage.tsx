import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { AdsActorRef } from '../../../../machines/ads.machine';
import type { UploadActorRef, uploadMachine } from '../../../../machines/upload.machine';
import { ButtonLink } from '../ui';
import { HouseAd, useAdsRotation, useCreative } from './HouseAd';
import { UploadFileRow } from './UploadFileRow';
import './publish.css';

type Snap = SnapshotFrom<typeof uploadMachine>;
/** The summary line: what the whole batch is doing. */
type Stage = 'sending' | 'converting' | 'redirecting' | 'redirectingAfterErrors' | 'left';

function stageOf(s: Snap): Stage {
  if (s.matches('left')) return 'left';
  if (s.matches({ active: { progress: 'redirecting' } })) return 'redirecting';
  if (s.matches({ active: { progress: 'redirectingAfterErrors' } })) return 'redirectingAfterErrors';
  return s.matches({ active: { transfer: 'sending' } }) ? 'sending' : 'converting';
}

function Summary({ actor }: { actor: UploadActorRef }) {
  const stage = useSelector(actor, stageOf);
  const count = useSelector(actor, (s) => s.context.entries.length);
  const position = useSelector(actor, (s) => s.context.current + 1);
  const failed = useSelector(actor, (s) => s.context.failed);
  let text: ReactNode;
  switch (stage) {
    case 'sending':
      text = (
        <Trans id="upload.summary.sending">
          Uploading document {position} of {count}…
        </Trans>
      );
      break;
    case 'converting':
      text = <Trans id="upload.summary.converting">Everything is uploaded. Your documents are being converted…</Trans>;
      break;
    case 'redirecting':
      text = <Trans id="upload.summary.done">All done! Taking you to your publications…</Trans>;
      break;
    case 'left':
      text = <Trans id="upload.summary.finished">Finished. Your documents are in your publications.</Trans>;
      break;
    case 'redirectingAfterErrors':
      text = (
        <Trans id="upload.summary.failed">
          {failed} of {count} could not be published. Taking you to your publications in a few seconds…
        </Trans>
      );
      break;
  }
  return (
    <p className={`upload-summary upload-summary--${stage}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}

function Ads({ ads, slot, format }: { ads: AdsActorRef; slot: number; format: 'leaderboard' | 'billboard' }) {
  const creative = useCreative(ads, slot);
  return <HouseAd format={format} creative={creative} />;
}

/** Free accounts: two house ads around the list (SPEC §2, §9). */
function WithAds({ children }: { children: ReactNode }) {
  const ads = useAdsRotation();
  return (
    <>
      <Ads ads={ads} slot={0} format="leaderboard" />
      {children}
      <Ads ads={ads} slot={1} format="billboard" />
    </>
  );
}

function Batch({ actor }: { actor: UploadActorRef }) {
  const entries = useSelector(actor, (s) => s.context.entries);
  return (
    <>
      <Summary actor={actor} />
      <ol className="upload-list">
        {entries.map((e) => (
          <UploadFileRow key={e.key} actor={e.ref} />
        ))}
      </ol>
    </>
  );
}

/**
 * The upload page (SPEC §2): one row per file with its progress, a summary, the way to the book
 * list; house ads for free accounts. Without a batch (the page was opened directly or reloaded —
 * chosen files live in memory only) it offers to choose documents.
 */
export function UploadPage({ batch, free }: { batch: UploadActorRef | null; free: boolean }) {
  const body = batch ? (
    <Batch actor={batch} />
  ) : (
    <div className="upload-empty">
      <p>
        <Trans id="upload.empty.text">Nothing is uploading right now. Choose the documents you want to turn into flipbooks.</Trans>
      </p>
      <ButtonLink href="/publish" variant="primary" size="lg">
        <Trans id="upload.empty.choose">Choose documents</Trans>
      </ButtonLink>
    </div>
  );
  return (
    <div className="container page upload-page">
      <h1>
        <Trans id="upload.title">Publishing your documents</Trans>
      </h1>
      {free ? <WithAds>{body}</WithAds> : body}
      {batch && (
        <p className="upload-page__actions">
          <ButtonLink href="/account/book">
            <Trans id="upload.toBooks">Go to my publications</Trans>
          </ButtonLink>
        </p>
      )}
    </div>
  );
}
