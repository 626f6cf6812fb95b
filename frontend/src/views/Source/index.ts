export { SourceViewer } from './SourceViewer';
