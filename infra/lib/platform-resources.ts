import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { tableDefinition } from '@daftar/functions/db/table';
import { buckets, queues, type BucketName, type QueueName } from '@daftar/functions/platform/resources';

/**
 * What the browser may do with presigned URLs on each bucket. Keyed by BucketName, so a bucket
 * added to platform/resources.ts does not compile here until someone decides.
 */
const browserAccess: Record<BucketName, s3.HttpMethods[]> = {
  uploads: [s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.PUT],
  exports: [s3.HttpMethods.GET, s3.HttpMethods.HEAD],
};

/** Item reads and writes, single and batched, and the condition checks of transactions. */
export const TABLE_ITEM_ACTIONS = [
  'dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query',
  'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

export interface PlatformResourcesProps {
  /** Origins allowed to use presigned URLs from a browser (the app's own origin). */
  browserOrigins: string[];
}

/**
 * The state every function shares: the single table, the buckets and queues of
 * platform/resources.ts, and the JWT signing key.
 */
export class PlatformResources extends Construct {
  readonly table: dynamodb.TableV2;
  readonly buckets: Record<BucketName, s3.Bucket>;
  readonly queues: Record<QueueName, sqs.Queue>;
  readonly deadLetterQueues: Record<QueueName, sqs.Queue>;
  readonly jwtSecret: secretsmanager.Secret;
  /** Master key for e-invoicing credentials at rest (platform/crypto.ts envelope encryption). */
  readonly einvoicingKey: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: PlatformResourcesProps) {
    super(scope, id);

    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: dynamodb.AttributeType.STRING },
      globalSecondaryIndexes: tableDefinition.globalIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      })),
      billing: dynamodb.Billing.onDemand(),
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      // The books of every tenant: never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const cors = (methods: s3.HttpMethods[]): s3.CorsRule[] => [{
      allowedOrigins: props.browserOrigins,
      allowedMethods: methods,
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    }];
    const dataBuckets = {} as Record<BucketName, s3.Bucket>;
    for (const [name, definition] of Object.entries(buckets) as [BucketName, (typeof buckets)[BucketName]][]) {
      const lifecycleRules: s3.LifecycleRule[] = [{ id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(2) }];
      if (definition.expireDays !== null) lifecycleRules.push({ id: 'expire', expiration: Duration.days(definition.expireDays) });
      dataBuckets[name] = new s3.Bucket(this, `${pascal(name)}Bucket`, {
        blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
        encryption: s3.BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
        cors: cors(browserAccess[name]),
        lifecycleRules,
        removalPolicy: RemovalPolicy.RETAIN,
      });
    }
    this.buckets = dataBuckets;

    const workQueues = {} as Record<QueueName, sqs.Queue>;
    const deadLetters = {} as Record<QueueName, sqs.Queue>;
    for (const [name, definition] of Object.entries(queues) as [QueueName, (typeof queues)[QueueName]][]) {
      const deadLetterQueue = new sqs.Queue(this, `${pascal(name)}DeadLetterQueue`, {
        // A consumer may drain the dead letters too (jobs.ts, `<queue>Dlq`), with the work queue's timeouts.
        visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
        retentionPeriod: Duration.days(14),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      workQueues[name] = new sqs.Queue(this, `${pascal(name)}Queue`, {
        visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
        retentionPeriod: Duration.days(4),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: definition.maxReceiveCount },
      });
      deadLetters[name] = deadLetterQueue;
    }
    this.queues = workQueues;
    this.deadLetterQueues = deadLetters;

    this.jwtSecret = new secretsmanager.Secret(this, 'JwtSigningKey', {
      description: 'Daftar: HS256 key that signs and verifies access tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    this.einvoicingKey = new secretsmanager.Secret(this, 'EinvoicingKey', {
      description: 'Daftar: master key that encrypts organizations\' JoFotara Client-Id and Secret-Key at rest',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
  }

  /** The variables platform/config.ts reads, except APP_URL (the stack knows the public URL). */
  environment(): Record<string, string> {
    const env: Record<string, string> = {
      TABLE_NAME: this.table.tableName,
      JWT_SECRET_ID: this.jwtSecret.secretArn,
      EINVOICING_KEY_SECRET_ID: this.einvoicingKey.secretArn,
    };
    for (const [name, definition] of Object.entries(buckets) as [BucketName, (typeof buckets)[BucketName]][]) env[definition.env] = this.buckets[name].bucketName;
    for (const [name, definition] of Object.entries(queues) as [QueueName, (typeof queues)[QueueName]][]) env[definition.env] = this.queues[name].queueUrl;
    return env;
  }

  /**
   * What a Daftar function may touch: this table, these buckets, sending to these queues, this
   * secret, and sending mail through this account's verified SES identities. Nothing else.
   * Scan is granted only where asked for (jobs): no request path may scan the table, and IAM
   * enforces it. Transactions need no actions of their own beyond the item actions.
   */
  grantTo(fn: lambda.IFunction, options: { scan?: boolean } = {}) {
    this.table.grant(fn, ...TABLE_ITEM_ACTIONS, ...(options.scan ? ['dynamodb:Scan'] : []));
    for (const bucket of Object.values(this.buckets)) bucket.grantReadWrite(fn);
    for (const queue of Object.values(this.queues)) queue.grantSendMessages(fn);
    this.jwtSecret.grantRead(fn);
    this.einvoicingKey.grantRead(fn);
    fn.addToRolePolicy(new iam.PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
    }));
  }
}

export const pascal = (name: string) => name.replace(/(^|[-_])(\w)/g, (_, _sep: string, c: string) => c.toUpperCase());
