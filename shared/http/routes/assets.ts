import { defineRoutes } from '../route.js';
import { Asset, AssetIdParam, AssetList, AssetListQuery, CreateAssetBody } from '../../schemas/assets.js';

export const assetRoutes = defineRoutes({
  createAsset: {
    operationId: 'createAsset', family: 'assets', method: 'POST', path: '/v1/assets', tag: 'assets', auth: 'credential',
    permissions: ['assets:create'], summary: 'Add an asset', description: 'Register a token asset; contract address and symbol are unique in the tenant (409 1104).',
    body: CreateAssetBody, success: { status: 201, schema: Asset }, errors: ['INVALID_ADDRESS', 'VALIDATION', 'DUPLICATE_EXTERNAL_ID'],
  },
  listAssets: {
    operationId: 'listAssets', family: 'assets', method: 'GET', path: '/v1/assets', tag: 'assets', auth: 'credential',
    permissions: ['assets:read'], summary: 'List assets', description: 'List assets: the native asset first, then the tenant\'s tokens.',
    query: AssetListQuery, success: { status: 200, schema: AssetList }, errors: ['INVALID_PAGINATION'],
  },
  getAsset: {
    operationId: 'getAsset', family: 'assets', method: 'GET', path: '/v1/assets/{id}', tag: 'assets', auth: 'credential',
    permissions: ['assets:read'], summary: 'Get an asset', description: 'Get an asset (the native asset\'s id is the same in every tenant).',
    params: AssetIdParam, success: { status: 200, schema: Asset }, errors: ['VAULT_NOT_FOUND'],
  },
});
