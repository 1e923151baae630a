import { RemovalPolicy } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { Family, RouteDef } from '../shared/http/route.js';
import { ERROR_CATALOG, errorBody, type ErrorType } from '../shared/errors/catalog.js';
import { EVERY_ANSWER_HEADERS } from '../shared/http/response-headers.js';
import { ServiceFunction, type ServiceFunctionProps } from './service-function.js';

export type ApiConstructProps = {
  /** Every route (`ALL_ROUTES`): one API Gateway method each. */
  routes: readonly RouteDef[];
  /** The function entry of each family (`API_FUNCTIONS`): one Lambda each. */
  functions: Partial<Record<Family, { entry: string; files?: ServiceFunctionProps['files'] }>>;
  /** Defaults for every API function (environment, bundling, log group removal). */
  functionDefaults: Omit<ServiceFunctionProps, 'entry' | 'description'>;
  stageName?: string;
  /** Stage-wide throttling (requests per second, burst); the service also limits per credential and tenant. */
  throttle?: { rateLimit: number; burstLimit: number };
  /** A regional WAFv2 web ACL to associate with the stage. */
  webAclArn?: string;
  removalPolicy: RemovalPolicy;
};

/** Stage-wide throttling when the context gives none (requests per second, burst). */
export const DEFAULT_THROTTLE = { rateLimit: 500, burstLimit: 1000 } as const;

/**
 * The REST API, built from the route table: one resource per path segment, one method per route, each a Lambda
 * proxy integration to its family's function. A family added to `ALL_ROUTES` and `API_FUNCTIONS` appears here with
 * no edit. There is no API Gateway authorizer: the functions authenticate `Authorization: Bearer <key_id>:<secret>`
 * against the credential store themselves (the same code path as the local server), and validate requests against
 * the route schemas so that clients get the catalog's error codes.
 */
export class ApiConstruct extends Construct {
  readonly api: apigw.RestApi;
  readonly functions: ReadonlyMap<Family, ServiceFunction>;

  constructor(scope: Construct, id: string, props: ApiConstructProps) {
    super(scope, id);
    checkRoutes(props.routes, props.functions);

    const functions = new Map<Family, ServiceFunction>();
    for (const [family, def] of Object.entries(props.functions) as [
      Family,
      { entry: string; files?: ServiceFunctionProps['files'] },
    ][]) {
      functions.set(
        family,
        new ServiceFunction(this, `${pascal(family)}Function`, {
          ...props.functionDefaults,
          entry: def.entry,
          ...(def.files ? { files: def.files } : {}),
          description: `Custody API: ${family} routes`,
        }),
      );
    }
    this.functions = functions;

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: props.removalPolicy,
    });
    this.api = new apigw.RestApi(this, 'Api', {
      restApiName: 'custody-service',
      description: 'Custody and transaction-orchestration API',
      endpointTypes: [apigw.EndpointType.REGIONAL],
      // Execution logging (errors) needs the account-level API Gateway CloudWatch role.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName: props.stageName ?? 'prod',
        accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields({
          caller: false,
          httpMethod: true,
          ip: true,
          protocol: true,
          requestTime: true,
          resourcePath: true,
          responseLength: true,
          status: true,
          user: false,
        }),
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: true,
        tracingEnabled: true,
        throttlingRateLimit: (props.throttle ?? DEFAULT_THROTTLE).rateLimit,
        throttlingBurstLimit: (props.throttle ?? DEFAULT_THROTTLE).burstLimit,
      },
    });

    // One integration per family; one invoke permission per function for the whole API (not one per method, which
    // would add two Lambda permissions per route and push the stack towards its resource limit).
    const integrations = new Map<Family, apigw.LambdaIntegration>();
    for (const [family, fn] of functions)
      integrations.set(family, new apigw.LambdaIntegration(fn.fn, { scopePermissionToMethod: false }));
    for (const route of props.routes) {
      this.api.root.resourceForPath(route.path).addMethod(route.method, integrations.get(route.family)!, {
        operationName: route.operationId,
        authorizationType: apigw.AuthorizationType.NONE,
      });
    }
    // Every other method of a known path goes to the path's function, whose pipeline answers 405 1403 with `Allow`
    // (API Gateway prefers a declared method over ANY). Without it API Gateway would answer "missing token".
    for (const [routePath, family] of pathFamilies(props.routes)) {
      this.api.root
        .resourceForPath(routePath)
        .addMethod('ANY', integrations.get(family)!, { authorizationType: apigw.AuthorizationType.NONE });
    }

    addCatalogGatewayResponses(this.api);

    if (props.webAclArn) {
      new wafv2.CfnWebACLAssociation(this, 'WebAcl', {
        resourceArn: this.api.deploymentStage.stageArn,
        webAclArn: props.webAclArn,
      });
    }

    NagSuppressions.addResourceSuppressions(
      this.api,
      [
        {
          id: 'AwsSolutions-APIG2',
          reason:
            'Each function validates its requests against the route schemas (shared/http/routes) so that clients get the catalog error codes (1100, 1101, 1110, ...) of the interface; an API Gateway validator would answer its own, different errors.',
        },
        {
          id: 'AwsSolutions-APIG4',
          reason:
            'Authentication is in the functions: `Authorization: Bearer <key_id>:<secret>` is checked against the hashed credential store, with the tenant status, IP allowlist and permission checks of the same pipeline the local server runs. Public routes (health, OpenAPI, docs) need none.',
        },
        {
          id: 'AwsSolutions-COG4',
          reason:
            'No Cognito: callers are machine clients holding API credentials issued by the service itself (see AwsSolutions-APIG4).',
        },
        {
          id: 'AwsSolutions-IAM4',
          reason:
            'The account-level API Gateway CloudWatch role uses the AWS managed AmazonAPIGatewayPushToCloudWatchLogs policy, the documented way to enable execution logging.',
          appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs'],
        },
        ...(props.webAclArn
          ? []
          : [
              {
                id: 'AwsSolutions-APIG3',
                reason:
                  'A WAF web ACL is an account-level choice with its own cost; give one with `-c webAclArn=...`. Without it the stage is throttled and the service rate-limits per credential and per tenant.',
              },
            ]),
      ],
      true,
    );
  }
}

/**
 * API Gateway answers some requests itself (no such path, throttled, too large, integration failure). These
 * responses give those the catalog's error shape (`errorBody`), with codes taken from the catalog, so clients parse
 * one format. An unknown path is 404 1402 `no route <METHOD> <path>` as from the local server and the pipeline (API
 * Gateway itself would answer 403; its `$context.path` includes the stage, as the client sent it); a body over API
 * Gateway's 10 MB is 413 1112 and a refused media type 415 1111, as from the pipeline; the other responses keep API
 * Gateway's status. Each carries the headers of every answer (shared/http/response-headers.ts).
 */
function addCatalogGatewayResponses(api: apigw.RestApi): void {
  const MESSAGE = '@message@';
  const responses: { id: string; type: apigw.ResponseType; error: ErrorType; message: string; catalogStatus?: true }[] =
    [
      {
        id: 'NotFound',
        type: apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN,
        error: 'NOT_FOUND',
        message: '"no route $context.httpMethod $context.path"',
        catalogStatus: true,
      },
      {
        id: 'TooLarge',
        type: apigw.ResponseType.REQUEST_TOO_LARGE,
        error: 'PAYLOAD_TOO_LARGE',
        message: '"request body too large"',
        catalogStatus: true,
      },
      {
        id: 'MediaType',
        type: apigw.ResponseType.UNSUPPORTED_MEDIA_TYPE,
        error: 'UNSUPPORTED_MEDIA_TYPE',
        message: '"request body must be JSON (Content-Type: application/json)"',
        catalogStatus: true,
      },
      { id: 'Throttled', type: apigw.ResponseType.THROTTLED, error: 'RATE_LIMITED', message: '"too many requests"' },
      // `messageString` is API Gateway's message, already quoted as a JSON string.
      {
        id: 'Default4xx',
        type: apigw.ResponseType.DEFAULT_4XX,
        error: 'VALIDATION',
        message: '$context.error.messageString',
      },
      { id: 'Default5xx', type: apigw.ResponseType.DEFAULT_5XX, error: 'INTERNAL_ERROR', message: '"internal error"' },
    ];
  for (const r of responses) {
    const { code, status } = ERROR_CATALOG[r.error];
    const body = JSON.stringify(
      errorBody({ code, type: r.error, message: MESSAGE }, 'req_$context.requestId'),
    ).replaceAll(JSON.stringify(MESSAGE), r.message);
    api.addGatewayResponse(r.id, {
      type: r.type,
      ...(r.catalogStatus ? { statusCode: String(status) } : {}),
      // Static values of a gateway response are quoted (API Gateway's mapping syntax).
      responseHeaders: Object.fromEntries(Object.entries(EVERY_ANSWER_HEADERS).map(([k, v]) => [k, `'${v}'`])),
      templates: { 'application/json': body },
    });
  }
}

/** Each declared path and the one family that serves it (checkRoutes refuses a path split between families). */
export function pathFamilies(routes: readonly RouteDef[]): Map<string, Family> {
  return new Map(routes.map((r) => [r.path, r.family]));
}

/**
 * Refuses a route table API Gateway would reject at deploy time, or one that would route to no function: a route
 * declared twice, two different path variables under the same parent (`/x/{id}` and `/x/{key}`), a family with no
 * function entry.
 */
export function checkRoutes(routes: readonly RouteDef[], functions: Partial<Record<Family, unknown>>): void {
  const seen = new Set<string>();
  const variableChild = new Map<string, string>();
  for (const r of routes) {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) throw new Error(`route ${key} is declared twice`);
    seen.add(key);
    const pathOwner = routes.find((o) => o.path === r.path)!;
    if (pathOwner.family !== r.family)
      throw new Error(
        `path ${r.path} is served by families '${pathOwner.family}' and '${r.family}'; one path, one function (its 405 answer comes from that function)`,
      );
    if (!functions[r.family])
      throw new Error(
        `route ${key} (${r.operationId}) belongs to family '${r.family}', which has no entry in API_FUNCTIONS (functions/index.ts)`,
      );
    const segments = r.path.split('/').filter(Boolean);
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i]!;
      if (!seg.startsWith('{')) continue;
      const parent = '/' + segments.slice(0, i).join('/');
      const existing = variableChild.get(parent);
      if (existing && existing !== seg)
        throw new Error(
          `paths under ${parent} use two different variables, ${existing} and ${seg} (route ${key}); API Gateway allows one`,
        );
      variableChild.set(parent, seg);
    }
  }
}

const pascal = (s: string) => s.replace(/(^|[-_])(\w)/g, (_m, _d, c: string) => c.toUpperCase());
