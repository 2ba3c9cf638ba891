/**
 * What vendor performance says on the server (errors by code, coded values and column labels of its
 * exports), in both languages; merged into the module's catalogue by module.ts.
 */
export const vendorRatingsEnUS = {
  errors: {
    RATING_TASK_DONE: 'This rating has already been given.',
    RATING_NEEDS_TASK: 'A {{rateType}} rating answers its rating task: open it from the task.',
    RATING_TYPE_OF_TASK: 'This task asks for a {{rateType}} rating.',
    RATING_PROJECT_NOT_STARTED: 'A vendor is rated on a project it was invited to: this project is still a draft.',
    TENDER_INVITE_OVERRIDE_REQUIRED: 'Vendors of Very Poor standing need a reason to be invited: {{vendors}}.'
  },
  values: {
    'vendor-ratings': {
      rateType: { RANDOM: 'Random', WORK_COMPLETED: 'Work completed', RETENTION_RECEIVED: 'Retention received', PROJECT_COMPLETED: 'Project completed' },
      standing: { VERY_POOR: 'Very Poor', POOR: 'Poor', AVERAGE: 'Average', EXCELLENT: 'Excellent' }
    },
    'vendor-performance': {
      standing: { VERY_POOR: 'Very Poor', POOR: 'Poor', AVERAGE: 'Average', EXCELLENT: 'Excellent' }
    }
  },
  fields: {
    'vendor-ratings': {
      createdAt: 'Rated on',
      projectId: 'Project',
      companyId: 'Vendor',
      rateType: 'Rate type',
      ratedBy: 'Rated by',
      quality: 'Quality of work',
      timeliness: 'Timeliness',
      safety: 'Safety',
      cooperation: 'Cooperation',
      housekeeping: 'Housekeeping',
      scoreHundredths: 'Score',
      standing: 'Standing',
      comment: 'Comment'
    },
    'vendor-performance': {
      companyName: 'Vendor',
      ratings: 'Ratings',
      scoreHundredths: 'Score',
      standing: 'Standing',
      lastRatedAt: 'Last rated'
    }
  }
}

export const vendorRatingsZhCN: typeof vendorRatingsEnUS = {
  errors: {
    RATING_TASK_DONE: '此评分已完成。',
    RATING_NEEDS_TASK: '{{rateType}} 评分须从其评分任务中填写。',
    RATING_TYPE_OF_TASK: '此任务需要 {{rateType}} 评分。',
    RATING_PROJECT_NOT_STARTED: '只能对已受邀项目的供应商评分：此项目仍为草稿。',
    TENDER_INVITE_OVERRIDE_REQUIRED: '邀请表现“极差”的供应商须填写理由：{{vendors}}。'
  },
  values: {
    'vendor-ratings': {
      rateType: { RANDOM: '随机', WORK_COMPLETED: '工程完成', RETENTION_RECEIVED: '保留金已收', PROJECT_COMPLETED: '项目完成' },
      standing: { VERY_POOR: '极差', POOR: '差', AVERAGE: '一般', EXCELLENT: '优秀' }
    },
    'vendor-performance': {
      standing: { VERY_POOR: '极差', POOR: '差', AVERAGE: '一般', EXCELLENT: '优秀' }
    }
  },
  fields: {
    'vendor-ratings': {
      createdAt: '评分日期',
      projectId: '项目',
      companyId: '供应商',
      rateType: '评分类型',
      ratedBy: '评分人',
      quality: '工程质量',
      timeliness: '准时程度',
      safety: '安全',
      cooperation: '配合程度',
      housekeeping: '现场整洁',
      scoreHundredths: '分数',
      standing: '等级',
      comment: '备注'
    },
    'vendor-performance': {
      companyName: '供应商',
      ratings: '评分次数',
      scoreHundredths: '分数',
      standing: '等级',
      lastRatedAt: '最近评分'
    }
  }
}
