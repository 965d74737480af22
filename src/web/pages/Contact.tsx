import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { contactOpening, openContact } from '../app/contact-modal';
import { useApp } from '../app/context';
import { useLocation } from '../routing/link';
import Home from './Home';
import type { PageProps } from './routes';

/**
 * `/contact` (and `/contact#deletion`, the deletion request): the home page with the contact modal
 * open, so that any page — server-rendered ones too — can link to the contact form. Closing the modal
 * leaves for the home page.
 */
export default function Contact({ params }: PageProps) {
  const { modals } = useApp();
  const [, navigate] = useLocation();
  const subject = Object.hasOwn(params, 'deletion') ? 'deletion' : 'support';
  const open = useSelector(modals, (s) => contactOpening(s.context.stack) !== null);
  const opened = useRef(false);
  useEffect(() => {
    modals.send(openContact(subject));
  }, [modals, subject]);
  useEffect(() => {
    if (open) opened.current = true;
    else if (opened.current) navigate('/', { replace: true });
  }, [open, navigate]);
  return <Home />;
}
