import { CellaError } from '../errors.js';

export const fileNotFound = (path: string, why = '') =>
  new CellaError('FILE_NOT_FOUND', `no file or folder at "${path}"${why}`);
