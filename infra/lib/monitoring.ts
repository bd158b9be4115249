import { Duration } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { pascal } from './platform-resources.js';

export interface MonitoringProps {
  httpApi: apigwv2.IHttpApi;
  deadLetterQueues: Record<string, sqs.IQueue>;
  scheduledFunctions: Record<string, lambda.IFunction>;
  /** Subscribed to the alarm topic when given. */
  alarmEmail?: string;
}

/**
 * Alarms for failures nobody would otherwise see: a message given up on (dead-letter queue), a
 * 5xx from the API (the contract says never), a nightly job that threw.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'AlarmTopic', { displayName: 'Daftar alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const notify = new actions.SnsAction(this.topic);

    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      this.add(new cloudwatch.Alarm(this, `${pascal(name)}DeadLetters`, {
        alarmDescription: `Messages of the ${name} queue failed every attempt and wait in its dead-letter queue`,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: cloudwatch.Stats.MAXIMUM }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }), notify);
    }

    this.add(new cloudwatch.Alarm(this, 'ApiServerErrors', {
      alarmDescription: 'The HTTP API answered 5xx (a function failed, timed out or was throttled)',
      metric: props.httpApi.metricServerError({ period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }), notify);

    for (const [name, fn] of Object.entries(props.scheduledFunctions)) {
      this.add(new cloudwatch.Alarm(this, `${pascal(name)}Errors`, {
        alarmDescription: `The scheduled ${name} job failed`,
        metric: fn.metricErrors({ period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }), notify);
    }
  }

  private add(alarm: cloudwatch.Alarm, action: cloudwatch.IAlarmAction) {
    alarm.addAlarmAction(action);
    this.alarms.push(alarm);
  }
}
