import * as Documents from '../../wailsjs/go/app/DocumentService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type DocumentView = app.DocumentViewDTO;
export type DocumentChunk = app.DocumentChunkDTO;
export type DocumentRow = app.DocumentRowDTO;
export type DocumentStatus = 'indexed' | 'changed since index' | 'not indexed' | 'removed since index';

// The workspace's documents as they are on disk, next to the index.
export const documents = {
  /** One document: body without front matter, its indexed chunks located when the index is current. */
  get: (docId: string) => call('Document.GetDocument', () => Documents.GetDocument(docId)),
  /** Documents whose id, title or path contains query (case aside), with their index status. */
  list: (query: string) => call('Document.ListDocuments', () => Documents.ListDocuments(query)),
  /** Opens an http(s) link in the system browser; rejects with the reason otherwise. */
  openInBrowser: (url: string) => call('Document.OpenInBrowser', () => Documents.OpenInBrowser(url)),
};
