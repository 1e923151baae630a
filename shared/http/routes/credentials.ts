import { defineRoutes } from '../route.js';
import { CreateCredentialBody, Credential, CredentialList, CredentialListQuery, CredentialWithSecret, KeyIdParam, RotateCredentialBody, RotatedCredential } from '../../schemas/credentials.js';

export const credentialRoutes = defineRoutes({
  createCredential: {
    operationId: 'createCredential', family: 'credentials', method: 'POST', path: '/v1/credentials', tag: 'credentials', auth: 'credential',
    permissions: ['credentials:create'], summary: 'Create a credential', description: 'Create an API credential for a user of the tenant; the secret is shown once.',
    body: CreateCredentialBody, secretInAnswer: true, deferrable: true, success: { status: 201, schema: CredentialWithSecret },
  },
  listCredentials: {
    operationId: 'listCredentials', family: 'credentials', method: 'GET', path: '/v1/credentials', tag: 'credentials', auth: 'credential',
    permissions: ['credentials:read'], summary: 'List credentials', description: 'List the tenant\'s credentials (never a secret).',
    query: CredentialListQuery, success: { status: 200, schema: CredentialList },
  },
  rotateCredential: {
    operationId: 'rotateCredential', family: 'credentials', method: 'POST', path: '/v1/credentials/rotate', tag: 'credentials', auth: 'credential',
    permissions: ['credentials:update'], summary: 'Rotate a credential', description: 'Rotate: a new credential; the old one stays valid for the grace period.',
    body: RotateCredentialBody, secretInAnswer: true, deferrable: true, success: { status: 201, schema: RotatedCredential },
  },
  revokeCredential: {
    operationId: 'revokeCredential', family: 'credentials', method: 'DELETE', path: '/v1/credentials/{key_id}', tag: 'credentials', auth: 'credential',
    permissions: ['credentials:delete'], summary: 'Revoke a credential', description: 'Revoke a credential, permanently.',
    params: KeyIdParam, success: { status: 200, schema: Credential },
  },
});
