import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/** The lint rule of eslint.config.js that keeps imports running downward (shared/domain and shared/adapters at the bottom). */
const eslint = new ESLint();
async function restricted(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer imports', () => {
  it.each([
    ['shared/adapters/chain/x.ts', "import { logger } from '../../app/logger.js';", 'shared/app'],
    ['shared/adapters/local/x.ts', "import { ALL_ROUTES } from '../../http/routes/index.js';", 'shared/http'],
    ['shared/adapters/dynamodb/x.ts', "import { handler } from '../../../functions/meta/handler.js';", 'functions'],
    ['shared/adapters/local/x.ts', "import { startLocalStack } from '../../../local/stack.js';", 'local/'],
    ['shared/domain/tenants/x.ts', "import type { Services } from '../../app/services.js';", 'shared/app'],
    ['shared/domain/transactions/steps/x.ts', "import { matchPath } from '../../../http/route.js';", 'shared/http'],
    ['shared/domain/health.ts', "import { services } from '../composition/standalone.js';", 'shared/composition'],
  ])('%s may not %s', async (file, source, layer) => {
    expect(await restricted(file, `${source}\nexport const x = 1;\n`)).toEqual([expect.stringContaining(layer)]);
  });

  it.each([
    ['shared/adapters/chain/x.ts', "import { logger } from '../../logger.js';"],
    ['shared/adapters/chain/x.ts', "import { lambdaContext } from '../local/lambda-context.js';"],
    ['shared/domain/tenants/x.ts', "import { keys } from '../../store/keys.js';"],
    ['local/steps/x.ts', "import { ALL_ROUTES } from '../../shared/http/routes/index.js';"],
    ['shared/http/x.ts', "import { services } from '../composition/standalone.js';"],
  ])('%s may %s', async (file, source) => {
    expect(await restricted(file, `${source}\nexport const x = 1;\n`)).toEqual([]);
  });
});
