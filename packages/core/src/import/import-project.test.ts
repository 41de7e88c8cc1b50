import { describe, expect, it } from 'vitest';
import { checkImportFolder, chooseImportProject } from './import-project.js';

const shop = { id: 'p-shop', name: 'Shop' };
const billing = { id: 'p-billing', name: 'Billing' };

describe('chooseImportProject', () => {
  it('creates "Agent imports" when no project exists', () => {
    expect(chooseImportProject([], undefined)).toEqual({ kind: 'create', name: 'Agent imports' });
  });

  it('uses the only project', () => {
    expect(chooseImportProject([shop], undefined)).toEqual({ kind: 'existing', projectId: 'p-shop' });
  });

  it('lists every candidate by name and id when several exist', () => {
    expect(() => chooseImportProject([shop, billing], undefined)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        message:
          'several projects exist and no projectId was given; pass projectId, one of: Shop (p-shop), Billing (p-billing)',
      }),
    );
  });

  it('uses an explicit project that exists and refuses one that does not with NOT_FOUND', () => {
    expect(chooseImportProject([shop, billing], 'p-billing')).toEqual({ kind: 'existing', projectId: 'p-billing' });
    expect(() => chooseImportProject([shop], 'p-x')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('"p-x"') }),
    );
    expect(() => chooseImportProject([], 'p-x')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});

describe('checkImportFolder', () => {
  it('accepts a folder of the project and refuses a missing or foreign one with NOT_FOUND', () => {
    expect(() => checkImportFolder({ id: 'f1', projectId: 'p-shop' }, 'f1', 'p-shop')).not.toThrow();
    expect(() => checkImportFolder(undefined, 'f9', 'p-shop')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => checkImportFolder({ id: 'f1', projectId: 'p-billing' }, 'f1', 'p-shop')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('"f1"') }),
    );
  });
});
